'use client';

import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** HH:MM in UTC. */
export function formatUtcTime(date: Date): string {
  return date.toISOString().slice(11, 16);
}

/** The side menu's UTC clock: checks the time every second (spec §9), so the minute turns on time. */
export function UtcClock() {
  const t = useTranslations('nav');
  // Set after mounting, so the server's time (or a cached page's) never shows as the current one.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    const first = window.setTimeout(tick, 0);
    const id = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, []);
  const time = now ? formatUtcTime(now) : '--:--';
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="time"
      dateTime={now?.toISOString()}
      data-testid="utc-clock"
      aria-label={t('utcTime', { time })}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {t('utc')} {time}
    </Typography>
  );
}
