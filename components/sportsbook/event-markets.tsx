'use client';

import { useQuery } from '@tanstack/react-query';
import { sportsEventQuery } from '@/lib/api/queries/sportsbook';
import { overround } from '@/lib/sportsbook/margin';
import { InPlay } from './in-play';
import { OddsButton } from './odds-button';
import styles from './sportsbook.module.css';
import { useBookLabels } from './use-labels';

/**
 * One match's markets, each with its prices and the margin they carry (the book states what it
 * takes): rendered on the server from the prefetched event, then kept fresh in the browser.
 */
export function EventMarkets({ id, btPath }: { id: number; btPath: string }) {
  const { t, odds, marketTitle, outcome } = useBookLabels();
  const event = useQuery(sportsEventQuery(id)).data;
  if (!event) return <p>{t('eventGone')}</p>;
  const match = t('versus', { home: event.home, away: event.away });
  return (
    <div data-testid="sports-event-markets">
      <p>
        {event.competition} · <InPlay event={event} />
      </p>
      {event.markets.map((m) => {
        const priced = m.outcomes.every((o) => o.odds !== null);
        const margin = priced ? overround(m.outcomes.map((o) => o.odds!)) : null;
        const title = marketTitle(m);
        return (
          <section key={m.id} className={styles.market} aria-label={title}>
            <div className={styles.marketHead}>
              <h2>{title}</h2>
              {margin !== null && (
                <span className={styles.margin}>
                  {t('marketMargin', { margin: `${(margin * 100).toFixed(1)}%` })}
                </span>
              )}
            </div>
            <div className={styles.marketOdds}>
              {m.outcomes.map((o) => {
                const text = outcome(m, o.key, event);
                return (
                  <OddsButton
                    key={o.key}
                    label={text.pick}
                    oddsText={o.odds ? odds(o.odds) : t('closed')}
                    selection={{
                      marketId: m.id,
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
            </div>
          </section>
        );
      })}
    </div>
  );
}
