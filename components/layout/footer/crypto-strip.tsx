import type { Crypto } from '@/lib/schemas/config';
import { CryptoStripLoop } from './crypto-strip-loop';
import styles from './footer.module.css';
import { Artwork } from '@/components/ui/artwork';

/** How many times the list repeats, so the strip scrolls without a gap (spec §2). */
export const STRIP_REPEAT = 3;

/**
 * The supported cryptocurrencies' logos, scrolling sideways; still for reduced-motion users. The
 * markup holds the list once (the copy screen readers read); the loop adds the other two copies in
 * the browser, so they cost no bytes of the page.
 */
export function CryptoStrip({ cryptos, label }: { cryptos: Crypto[]; label: string }) {
  return (
    <div role="region" aria-label={label} className={styles.strip}>
      <CryptoStripLoop copies={STRIP_REPEAT}>
        <ul data-testid="crypto-strip" className={styles.stripList}>
          {cryptos.map((c) => (
            <li key={c.symbol} className={styles.stripItem}>
              <Artwork src={c.logoUrl} width={28} height={28} loading="lazy" />
              <span className={styles.stripSymbol}>{c.symbol}</span>
            </li>
          ))}
        </ul>
      </CryptoStripLoop>
    </div>
  );
}
