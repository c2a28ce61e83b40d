import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import {
  gamesInfiniteQuery,
  gamesPreviewQuery,
  lobbyGridParams,
  lobbyRowPreviewParams,
  providersQuery,
} from '@/lib/api/queries/games';
import { getQueryClient } from '@/lib/api/query-client';
import type { LobbyTab } from '@/lib/site/paths';
import { LobbyContent } from '@/components/games/lobby-content';
import { PageHeading } from './page-heading';
import styles from './page.module.css';
import { TabLinks } from './tab-links';

type Props = { section: 'casino' | 'slots'; tabs: readonly LobbyTab[]; current: LobbyTab };

/**
 * Casino and slots: the tab bar (links) and the tab's games. What the tab shows first is fetched
 * here on the server and hydrated, so the first grid is in the HTML; later pages load in the browser.
 */
export async function GameLobbyFrame({ section, tabs, current }: Props) {
  const t = await getTranslations('lobby');
  const tPages = await getTranslations('pages');
  const queryClient = getQueryClient();
  if (current === 'providers') {
    await queryClient.prefetchQuery(providersQuery(section));
  } else if (current === 'lobby') {
    // The studios' row at the foot of the lobby loads in the browser (provider-list.tsx).
    await Promise.all(
      tabs
        .filter((tab) => tab !== 'lobby' && tab !== 'providers')
        .map((tab) =>
          queryClient.prefetchQuery(gamesPreviewQuery(lobbyRowPreviewParams(section, tab))),
        ),
    );
  } else {
    await queryClient.prefetchInfiniteQuery(gamesInfiniteQuery(lobbyGridParams(section, current)));
  }
  return (
    <div className={styles.container} data-testid={`${section}-frame`} data-tab={current}>
      <PageHeading title={tPages(section)} intro={t(`${section}Intro`)} />
      <TabLinks
        label={tPages(section)}
        current={current}
        tabs={tabs.map((tab) => ({
          value: tab,
          label: t(`tab.${tab}`),
          href: `/${section}?tab=${tab}`,
        }))}
      />
      <h2 className={styles.sectionTitle} data-testid="lobby-tab-title">
        {t(`tab.${current}`)}
      </h2>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <LobbyContent section={section} tab={current} categories={tabs} />
      </HydrationBoundary>
    </div>
  );
}
