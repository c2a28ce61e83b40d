import 'server-only';
import { z } from 'zod';
import {
  markAllReadSchema,
  markReadSchema,
  noticeIdSchema,
  noticesPageSchema,
  noticesQuerySchema,
  operatorNoticeSchema,
  operatorNoticesQuerySchema,
  popupNoticeSchema,
  publishedNoticeSchema,
  publishNoticeSchema,
  unreadCountSchema,
} from '@/lib/schemas/notifications';
import { route } from '@/lib/server/http/route';

// Marking read writes a row: a player may not write thousands a minute.
const markLimit = { name: 'notices-mark', limit: 120, windowMs: 60_000 };

/** Notifications (spec §7): the drawer's lists and counts, marking read; the operator's notices. */
export const notificationRoutes = {
  list: route({
    method: 'get',
    path: '/notifications',
    operationId: 'notifications',
    summary:
      'Notifications of one tab (personal or platform), newest first, filtered viewAll / unread / read, in cursor pages of up to 50',
    tags: ['notifications'],
    auth: 'required',
    restricted: 'allow',
    query: noticesQuerySchema,
    response: noticesPageSchema,
  }),
  unreadCount: route({
    method: 'get',
    path: '/notifications/unread-count',
    operationId: 'notificationsUnreadCount',
    summary: 'Unread notifications per tab: personalCount and platformCount',
    tags: ['notifications'],
    auth: 'required',
    restricted: 'allow',
    response: unreadCountSchema,
  }),
  popups: route({
    method: 'get',
    path: '/notifications/popups',
    operationId: 'notificationPopups',
    summary: 'Header popups: unread notices of the last day with a message, newest five',
    tags: ['notifications'],
    auth: 'required',
    restricted: 'allow',
    response: z.array(popupNoticeSchema),
  }),
  markRead: route({
    method: 'post',
    path: '/notifications/read',
    operationId: 'markNotificationRead',
    summary: 'Marks one notification read; answers the new unread counts (never below 0)',
    tags: ['notifications'],
    auth: 'required',
    restricted: 'allow',
    body: markReadSchema,
    limits: [{ rule: markLimit, by: 'player' }],
    response: unreadCountSchema,
  }),
  markAllRead: route({
    method: 'post',
    path: '/notifications/read-all',
    operationId: 'markAllNotificationsRead',
    summary: 'Marks every notification of a tab read: private (personal) or public (platform)',
    tags: ['notifications'],
    auth: 'required',
    restricted: 'allow',
    body: markAllReadSchema,
    limits: [{ rule: markLimit, by: 'player' }],
    response: unreadCountSchema,
  }),
  publish: route({
    method: 'post',
    path: '/operator/notices',
    operationId: 'publishNotice',
    summary:
      'Publishes a notice now or at releaseTime, in English with texts in other languages (a player reads theirs, else the English): to one player (roles admin or support), or to every player or a segment by language and/or VIP level (role admin); audited',
    tags: ['operator'],
    operator: ['admin', 'support'],
    body: publishNoticeSchema,
    response: publishedNoticeSchema,
  }),
  operatorList: route({
    method: 'get',
    path: '/operator/notices',
    operationId: 'operatorNotices',
    summary:
      'Notices by state (scheduled: next first; released, withdrawn: newest first), a page at a time (offset, limit ≤ 101), with the languages of their texts, the audience at release and the read count; roles admin or support',
    tags: ['operator'],
    operator: ['admin', 'support'],
    query: operatorNoticesQuerySchema,
    response: z.array(operatorNoticeSchema),
  }),
  withdraw: route({
    method: 'delete',
    path: '/operator/notices/{id}',
    operationId: 'withdrawNotice',
    summary:
      'Withdraws a notice from every drawer (a scheduled one is never sent): one to a player (roles admin or support), one to everyone or a segment (role admin); audited',
    tags: ['operator'],
    operator: ['admin', 'support'],
    params: noticeIdSchema,
    response: publishedNoticeSchema,
  }),
};
