'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { providersQuery } from '@/lib/api/queries/games';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { providerHref } from '@/lib/site/paths';
import { useNearViewport } from '@/components/ui/use-near-viewport';
import styles from './provider-list.module.css';
import { Artwork } from '@/components/ui/artwork';

/**
 * The studios: a row at the foot of the lobby, a grid on the providers tab; each opens its
 * provider page. The providers tab's grid comes in the server's HTML; the lobby's row, below the
 * fold and linked from the tab bar anyway, loads in the browser when the player scrolls near it,
 * which keeps the lobby's page light and its loading free of a second render.
 */
export function ProviderList({
  section,
  row = false,
}: {
  section?: 'casino' | 'slots';
  row?: boolean;
}) {
  const t = useTranslations('games');
  const list = useRef<HTMLUListElement>(null);
  const near = useNearViewport(list);
  const { data } = useQuery({ ...providersQuery(section), enabled: !row || near });
  return (
    <ul ref={list} data-testid="provider-list" className={row ? styles.row : styles.list}>
      {data?.map((p) => (
        <li key={p._id}>
          <IntlLink href={providerHref(p.slug)} data-testid="provider-link" className={styles.link}>
            <Artwork src={p.logo} width={200} height={60} loading="lazy" className={styles.logo} />
            <span className={styles.name}>{p.name}</span>
            <span className={styles.count}>{t('gamesCount', { count: p.gamesCount })}</span>
          </IntlLink>
        </li>
      ))}
    </ul>
  );
}
