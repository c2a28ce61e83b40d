'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Link as IntlLink, usePathname } from '@/lib/i18n/navigation';
import { accountHref, accountPages, sportsHref } from '@/lib/site/paths';
import type { BettingCard } from '@/lib/content/schemas';
import { useShell } from '@/components/layout/shell-context';
import { SpriteIcon, type SpriteIconName } from '@/components/ui/sprite-icon';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { useSupportUnread } from '@/components/support/use-support-unread';
import hidden from '@/components/ui/visually-hidden.module.css';
import styles from './bottom-bar.module.css';

// The casino drawer loads when first opened.
const CasinoDrawer = dynamic(() => import('./casino-drawer').then((m) => m.CasinoDrawer), {
  ssr: false,
});

function Item({
  icon,
  label,
  badge,
}: {
  icon: SpriteIconName;
  label: string;
  /** A count on the icon, with the words a screen reader says for it. */
  badge?: { count: number; label: string };
}): ReactNode {
  return (
    <>
      <span className={styles.icon}>
        <SpriteIcon name={icon} />
        {badge && badge.count > 0 && (
          <span className={styles.badge} data-testid="support-unread">
            <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
            <span className={hidden.visuallyHidden}>{badge.label}</span>
          </span>
        )}
      </span>
      <span className={styles.label}>{label}</span>
    </>
  );
}

/** The phone's bottom bar (below 640 px): menu, sports, casino, earn, live support (spec §2). */
export function BottomBar({ cards }: { cards: BettingCard[] | null }) {
  const t = useTranslations('bottomBar');
  const pathname = usePathname();
  const tSupport = useTranslations('support');
  const { setNavOpen, setSupportOpen } = useShell();
  const unread = useSupportUnread();
  const [casinoOpen, setCasinoOpen] = useState(false);
  const casinoOpened = useOpenedOnce(casinoOpen);
  const current = pathname.startsWith('/sports')
    ? 'sports'
    : pathname.startsWith('/account-management/referral')
      ? 'earn'
      : casinoOpen || pathname.startsWith('/casino')
        ? 'casino'
        : null;
  const mark = (item: typeof current) => (current === item ? { 'data-current': true } : {});

  return (
    <>
      <nav aria-label={t('label')} className={styles.bar} data-testid="bottom-bar">
        <div className={styles.items}>
          <button
            type="button"
            className={styles.item}
            onClick={() => setNavOpen(true)}
            data-testid="bottom-menu"
          >
            <Item icon="menu" label={t('menu')} />
          </button>
          <IntlLink className={styles.item} href={sportsHref('/live')} {...mark('sports')}>
            <Item icon="sports" label={t('sports')} />
          </IntlLink>
          <button
            type="button"
            className={styles.item}
            onClick={() => setCasinoOpen(true)}
            aria-haspopup="dialog"
            data-testid="bottom-casino"
            {...mark('casino')}
          >
            <Item icon="casino" label={t('casino')} />
          </button>
          <IntlLink className={styles.item} href={accountHref(accountPages[1])} {...mark('earn')}>
            <Item icon="referral" label={t('earn')} />
          </IntlLink>
          <button
            type="button"
            className={styles.item}
            onClick={() => setSupportOpen(true)}
            data-testid="bottom-support"
          >
            <Item
              icon="support"
              label={t('support')}
              badge={{ count: unread, label: tSupport('unread', { count: unread }) }}
            />
          </button>
        </div>
      </nav>
      {casinoOpened && (
        <CasinoDrawer open={casinoOpen} onClose={() => setCasinoOpen(false)} cards={cards} />
      )}
    </>
  );
}
