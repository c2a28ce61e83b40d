'use client';

import type { SportsEvent } from '@/lib/schemas/sportsbook';
import { Link } from '@/lib/i18n/navigation';
import { sportsHref } from '@/lib/site/paths';
import { InPlay } from './in-play';
import { OddsButton } from './odds-button';
import styles from './sportsbook.module.css';
import { useBookLabels } from './use-labels';

/** The market a list shows for a match: its result (1X2 or winner). */
export const mainMarket = (event: SportsEvent) =>
  event.markets.find((m) => m.kind === '1x2' || m.kind === 'moneyline');

/** A match in a section's list: when, who, the result market's prices, and a link to the rest. */
export function EventRow({ event, btPath }: { event: SportsEvent; btPath: string }) {
  const { t, odds, outcome } = useBookLabels();
  const main = mainMarket(event);
  const match = t('versus', { home: event.home, away: event.away });
  const others = event.marketCount - (main ? 1 : 0);
  return (
    <li className={styles.event} data-testid="sports-event">
      <Link href={sportsHref(btPath)} className={styles.match}>
        <InPlay event={event} className={styles.when} />
        <span className={styles.sides}>{match}</span>
      </Link>
      {main && (
        <div className={styles.prices} role="group" aria-label={match}>
          {main.outcomes.map((o) => {
            const text = outcome(main, o.key, event);
            return (
              <OddsButton
                key={o.key}
                label={text.label}
                oddsText={o.odds ? odds(o.odds) : t('closed')}
                selection={{
                  marketId: main.id,
                  outcome: o.key,
                  odds: o.odds ?? 0,
                  eventId: event.id,
                  match,
                  pick: text.pick,
                  btPath,
                }}
              />
            );
          })}
          {others > 0 && (
            <Link
              href={sportsHref(btPath)}
              className={styles.more}
              aria-label={t('moreMarkets', { count: others })}
            >
              +{others}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
