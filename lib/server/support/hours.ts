import 'server-only';
import { config } from '@/lib/config';
import type { SupportHours } from '@/lib/schemas/support';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether agents answer at `now` under a daily UTC window (`09:00-21:00`, or one crossing
 * midnight like `22:00-06:00`), and if not, the next opening. No window: always online.
 */
export function supportHours(window = config.SUPPORT_HOURS, now = new Date()): SupportHours {
  if (!window) return { online: true, opensAt: null };
  const [from, to] = window.split('-').map(minutes) as [number, number];
  const at = now.getUTCHours() * 60 + now.getUTCMinutes();
  const online = from <= to ? at >= from && at < to : at >= from || at < to;
  if (online) return { online, opensAt: null };
  const opens = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, from),
  );
  if (opens <= now) opens.setUTCDate(opens.getUTCDate() + 1);
  return { online, opensAt: opens.toISOString() };
}
