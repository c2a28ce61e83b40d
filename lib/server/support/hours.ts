import 'server-only';
import { config } from '@/lib/config';
import type { SupportHours } from '@/lib/schemas/support';
import { supportHoursAt } from '@/lib/site/support-hours';

/**
 * Whether agents answer at `now` under the operator's SUPPORT_HOURS (a daily UTC window), and if
 * not, the next opening. No window: always online.
 */
export function supportHours(window = config.SUPPORT_HOURS, now = new Date()): SupportHours {
  return supportHoursAt(window, now);
}
