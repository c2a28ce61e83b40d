'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import styles from './nav/nav.module.css';

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
    <time
      className={styles.clock}
      dateTime={now?.toISOString()}
      data-testid="utc-clock"
      title={t('utcTime', { time })}
    >
      {t('utc')} {time}
    </time>
  );
}
