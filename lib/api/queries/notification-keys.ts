import type { NoticeAudience } from '@/lib/schemas/notifications';
import { playerKeys } from './player';

/**
 * The player's notifications live under ['player', …]: sign-in and sign-out drop them. Kept apart
 * from the queries so the live-updates socket can name them without loading the drawer's API.
 */
export const notificationKeys = {
  all: [...playerKeys.all, 'notifications'] as const,
  count: [...playerKeys.all, 'notifications', 'count'] as const,
  tab: (type: NoticeAudience) => [...playerKeys.all, 'notifications', 'list', type] as const,
  popups: [...playerKeys.all, 'notifications', 'popups'] as const,
};
