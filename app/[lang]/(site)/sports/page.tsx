import Container from '@mui/material/Container';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { liveEventsQuery, sportsEventQuery, sportsEventsQuery } from '@/lib/api/queries/sportsbook';
import { getQueryClient } from '@/lib/api/query-client';
import { getSiteConfiguration } from '@/lib/content';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale } from '@/lib/i18n/page-locale';
import type { SportKey } from '@/lib/schemas/sportsbook';
import { SECTION_FIRST } from '@/lib/sportsbook/sections';
import { siteMetadata } from '@/lib/seo/metadata';
import {
  defaultSportsSection,
  findSportsSection,
  sportsEventBtPath,
  sportsEventIdOf,
  sportsHref,
  sportsSections,
  type SportsSection,
} from '@/lib/site/paths';
import { PageHeading } from '@/components/page/page-heading';
import { TabLinks } from '@/components/page/tab-links';
import { EventMarkets } from '@/components/sportsbook/event-markets';
import { MyBetsClient } from '@/components/sportsbook/my-bets-client';
import { LiveEvents, SectionEvents } from '@/components/sportsbook/section-events';
import { SlipLauncher } from '@/components/sportsbook/slip-launcher';
import { SportsFeed } from '@/components/sportsbook/sports-feed';
import { SportsbookMessages } from '@/components/sportsbook/sportsbook-messages';

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<{ 'bt-path'?: string }> };

/** Where a bt-path leads: a section, or one of its events. */
async function placeOf(searchParams: Props['searchParams']) {
  const btPath = (await searchParams)['bt-path'];
  const found = findSportsSection(btPath);
  const section = found ?? defaultSportsSection;
  const eventId = btPath && section.key !== 'myBets' ? sportsEventIdOf(btPath, section) : null;
  // /sports alone (or with a path it does not know) is the live section under its own address.
  const path = found ? sportsHref(section.btPath) : '/sports';
  return { section, eventId, path };
}

const isSport = (section: SportsSection): section is SportsSection & { key: SportKey } =>
  section.key !== 'myBets' && section.key !== 'live';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { section, eventId, path } = await placeOf(searchParams);
  const [site, tNav, t] = await Promise.all([
    getSiteConfiguration(lang),
    getTranslations({ locale: lang, namespace: 'nav' }),
    getTranslations({ locale: lang, namespace: 'sportsbook' }),
  ]);
  if (eventId !== null) {
    const event = await getQueryClient()
      .fetchQuery(sportsEventQuery(eventId))
      .catch(() => null);
    if (!event) return {};
    return siteMetadata(lang, site, sportsHref(sportsEventBtPath(section, event)), {
      title: t('eventTitle', { home: event.home, away: event.away }),
    });
  }
  // My bets is the player's own page: never indexed.
  return siteMetadata(lang, site, path, {
    title: tNav(`sport.${section.key}`),
    noindex: section.key === 'myBets',
  });
}

/**
 * The sportsbook (spec §2, `/sports?bt-path=…`): a sport's matches with our prices, one match's
 * markets, the matches under way, or My bets. Sections and matches render on the server (search
 * engines read them); prices stay fresh and the slip loads in the browser.
 */
export default async function SportsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const [t, tNav, tBook] = await Promise.all([
    getTranslations('pages'),
    getTranslations('nav'),
    getTranslations('sportsbook'),
  ]);
  const { section, eventId } = await placeOf(searchParams);
  const queryClient = getQueryClient();
  let title = tNav(`sport.${section.key}`);
  let content;
  if (eventId !== null) {
    const event = await queryClient.fetchQuery(sportsEventQuery(eventId)).catch(() => null);
    if (!event || event.sport !== section.key) notFound();
    title = tBook('versus', { home: event.home, away: event.away });
    content = (
      <>
        <p>
          <Link href={sportsHref(section.btPath)}>
            {tBook('backTo', { section: tNav(`sport.${section.key}`) })}
          </Link>
        </p>
        <EventMarkets id={eventId} btPath={sportsEventBtPath(section, event)} />
      </>
    );
  } else if (isSport(section)) {
    await queryClient
      .prefetchQuery(sportsEventsQuery(section.key, SECTION_FIRST))
      .catch(() => undefined);
    content = <SectionEvents sport={section.key} section={section} />;
  } else if (section.key === 'live') {
    await queryClient.prefetchQuery(liveEventsQuery()).catch(() => undefined);
    content = (
      <LiveEvents
        empty={
          <ul>
            {sportsSections.filter(isSport).map((s) => (
              <li key={s.key}>
                <Link href={sportsHref(s.btPath)}>{tNav(`sport.${s.key}`)}</Link>
              </li>
            ))}
          </ul>
        }
      />
    );
  } else {
    content = <MyBetsClient />;
  }
  return (
    // Room at the bottom for the slip's floating button.
    <Container data-bt-path={section.btPath} data-testid="sports-frame" sx={{ pb: 10 }}>
      <PageHeading title={title} intro={eventId === null ? t('sportsIntro') : undefined} />
      <TabLinks
        label={t('sports')}
        current={section.btPath}
        tabs={sportsSections.map((s) => ({
          value: s.btPath,
          label: tNav(`sport.${s.key}`),
          href: sportsHref(s.btPath),
        }))}
      />
      <SportsbookMessages>
        <HydrationBoundary state={dehydrate(queryClient)}>
          {content}
          <SlipLauncher />
          <SportsFeed />
        </HydrationBoundary>
      </SportsbookMessages>
    </Container>
  );
}
