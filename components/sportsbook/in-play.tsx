'use client';

import type { SportsEvent } from '@/lib/schemas/sportsbook';
import { KickOff } from './kick-off';
import { useBookLabels } from './use-labels';

/** Sports whose clock is not minutes (innings, sets): their score alone is shown. */
const untimed = new Set(['baseball', 'tennis']);

/** A match's time: its score and minute in play, else when it starts. */
export function InPlay({ event, className }: { event: SportsEvent; className?: string }) {
  const { t } = useBookLabels();
  if (!event.live) return <KickOff at={event.startsAt} className={className} />;
  const [home = 0, away = 0] = event.live.score;
  return (
    <span className={className} data-testid="in-play">
      {untimed.has(event.sport)
        ? t('inPlayScore', { home, away })
        : t('inPlay', { home, away, minute: event.live.minute })}
    </span>
  );
}
