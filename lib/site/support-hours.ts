/**
 * When live chat's agents answer: a daily UTC window (`09:00-21:00`, or one crossing midnight like
 * `22:00-06:00`, the operator's SUPPORT_HOURS), or around the clock when there is none. Pure:
 * the platform answers a player's chat with it, the support panel words its hours with it.
 */
export type SupportHoursState = { online: boolean; opensAt: string | null };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The window's two ends as written ("09:00", "21:00"), or null for around the clock. */
export function supportWindow(
  window: string | null | undefined,
): { from: string; to: string } | null {
  if (!window) return null;
  const [from = '', to = ''] = window.split('-');
  return { from, to };
}

/** Whether agents answer at `now`, and if not, the next opening. No window: always online. */
export function supportHoursAt(
  window: string | null | undefined,
  now = new Date(),
): SupportHoursState {
  const ends = supportWindow(window);
  if (!ends) return { online: true, opensAt: null };
  const [from, to] = [minutes(ends.from), minutes(ends.to)];
  const at = now.getUTCHours() * 60 + now.getUTCMinutes();
  const online = from <= to ? at >= from && at < to : at >= from || at < to;
  if (online) return { online, opensAt: null };
  const opens = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, from),
  );
  if (opens <= now) opens.setUTCDate(opens.getUTCDate() + 1);
  return { online, opensAt: opens.toISOString() };
}
