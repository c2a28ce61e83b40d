'use client';

import { useFormatter } from 'next-intl';
import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverZone = () => undefined;

/**
 * When a match starts: in UTC on the server (it cannot know the visitor's zone, and says so), in
 * the visitor's own zone once the page is in their browser (after hydration, so both agree).
 */
export function KickOff({ at, className }: { at: string; className?: string }) {
  const format = useFormatter();
  const zone = useSyncExternalStore(noChanges, browserZone, serverZone);
  return (
    <time dateTime={at} className={className}>
      {format.dateTime(new Date(at), {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        ...(zone ? { timeZone: zone } : { timeZoneName: 'short' }),
      })}
    </time>
  );
}
