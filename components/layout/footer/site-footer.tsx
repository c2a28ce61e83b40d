import { getTranslations } from 'next-intl/server';
import { fetchCryptos } from '@/lib/api/queries/config';
import { getFooter } from '@/lib/content';
import type { Locale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { CryptoStrip } from './crypto-strip';
import { Disclaimers } from './disclaimers';
import { FooterCategories } from './footer-categories';
import styles from './footer.module.css';

/**
 * Starts reading the footer with the layout's own reads (React's cache shares the promise): the
 * footer renders after the layout's awaits, and in preview every read is a trip to the CMS.
 */
export function preloadFooter(locale: Locale): void {
  void getFooter(locale).catch(() => undefined);
}

/** The footer, rendered on the server from the content service and the Cryptos list (spec §2). */
export async function SiteFooter({ locale, siteName }: { locale: Locale; siteName: string }) {
  const t = await getTranslations('footer');
  const [footer, cryptos] = await Promise.all([
    // Without its content the footer shrinks to the strip and copyright; the page still renders.
    getFooter(locale).catch((error: unknown) => {
      logger.error({ err: error }, 'footer content unavailable');
      return { category: [], disclaimer: [] };
    }),
    // The strip is decoration: without the list the footer still renders, without it.
    fetchCryptos().catch((error: unknown) => {
      logger.warn({ err: error }, 'cryptos list unavailable for the footer');
      return [];
    }),
  ]);
  return (
    <footer data-testid="site-footer" className={styles.footer}>
      {cryptos.length > 0 && (
        <div className={styles.stripBand}>
          <div className={styles.container}>
            <p className={styles.count} data-testid="crypto-count">
              {t('cryptoCount', { count: cryptos.length })}
            </p>
          </div>
          <CryptoStrip cryptos={cryptos} label={t('cryptoStrip')} />
        </div>
      )}
      <div className={`${styles.container} ${styles.body}`}>
        <FooterCategories categories={footer.category} />
        <hr className={styles.divider} />
        <Disclaimers blocks={footer.disclaimer} />
        <p className={styles.copyright}>
          {t('copyright', { year: new Date().getUTCFullYear(), site: siteName })}
        </p>
      </div>
    </footer>
  );
}
