'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { updateSlip, useSlip } from './slip-store';
import styles from './slip-launcher.module.css';

// The slip's code (a drawer, fields, placement) loads the first time it opens.
const BetSlip = dynamic(() => import('./bet-slip'), { ssr: false });

/** The button that opens the bet slip, with how many picks it holds; and the slip once opened. */
export function SlipLauncher() {
  const t = useTranslations('sportsbook');
  const slip = useSlip();
  const mounted = useOpenedOnce(slip.open);
  return (
    <>
      <button
        type="button"
        className={styles.launcher}
        aria-haspopup="dialog"
        data-filled={slip.selections.length > 0}
        onClick={() => updateSlip((s) => ({ ...s, open: true }))}
      >
        {t('slipOpen', { count: slip.selections.length })}
      </button>
      {mounted && (
        <LazyMessages namespaces={['sportsbookSlip']}>
          <BetSlip />
        </LazyMessages>
      )}
    </>
  );
}
