'use client';

import { useQuery } from '@tanstack/react-query';
import { liveEventsQuery, sportsEventsQuery } from '@/lib/api/queries/sportsbook';
import type { SportKey, SportsEvent } from '@/lib/schemas/sportsbook';
import { SECTION_FIRST, SECTION_MAX } from '@/lib/sportsbook/sections';
import { useState, type ReactNode } from 'react';
import { sportSection, sportsEventBtPath, type SportsSection } from '@/lib/site/paths';
import { EventRow } from './event-row';
import styles from './sportsbook.module.css';
import { useBookLabels } from './use-labels';

/** Matches grouped by competition, in the order their first match starts. */
function byCompetition(events: SportsEvent[]): Array<[string, SportsEvent[]]> {
  const groups = new Map<string, SportsEvent[]>();
  for (const event of events) {
    const group = groups.get(event.competition);
    if (group) group.push(event);
    else groups.set(event.competition, [event]);
  }
  return [...groups];
}

/**
 * A sport's matches still to start, soonest first, grouped by competition: rendered on the server
 * from the prefetched list, then kept fresh in the browser.
 */
export function SectionEvents({ sport, section }: { sport: SportKey; section: SportsSection }) {
  const { t } = useBookLabels();
  const [all, setAll] = useState(false);
  const first = useQuery(sportsEventsQuery(sport, SECTION_FIRST));
  // The rest load when asked for: the server's page carries the soonest only (its size budget).
  const rest = useQuery({ ...sportsEventsQuery(sport, SECTION_MAX), enabled: all });
  const events = (all ? rest.data : undefined) ?? first.data ?? [];
  if (!events.length) return <p>{t('noEvents')}</p>;
  return (
    <>
      <Grouped events={events} sectionOf={() => section} />
      {!all && events.length === SECTION_FIRST && (
        <button type="button" className={styles.showAll} onClick={() => setAll(true)}>
          {t('showAll')}
        </button>
      )}
    </>
  );
}

/**
 * The matches under way in every sport; none, and the page says so above `empty` (the sport
 * sections' links, rendered by the server).
 */
export function LiveEvents({ empty }: { empty: ReactNode }) {
  const { t } = useBookLabels();
  const events = useQuery(liveEventsQuery()).data ?? [];
  if (!events.length) {
    return (
      <div>
        <p>{t('noLive')}</p>
        {empty}
      </div>
    );
  }
  return <Grouped events={events} sectionOf={(e) => sportSection(e.sport)!} />;
}

function Grouped({
  events,
  sectionOf,
}: {
  events: SportsEvent[];
  sectionOf: (event: SportsEvent) => SportsSection;
}) {
  return (
    <div data-testid="sports-events">
      {byCompetition(events).map(([competition, list]) => (
        <section key={competition} className={styles.competition}>
          <h2 className={styles.competitionTitle}>{competition}</h2>
          <ul className={styles.events}>
            {list.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                btPath={sportsEventBtPath(sectionOf(event), event)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
