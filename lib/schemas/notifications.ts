import { z } from 'zod';
import { locales } from '@/lib/i18n/locales';
import { contentLink } from '@/lib/content/links';

/**
 * Notifications (spec §3, §7): platform notices (to everyone, or a segment) and personal ones (to
 * one player). Shared by the routes, the operator API and the drawer.
 */
export const noticeAudiences = ['platform', 'personal'] as const;
export type NoticeAudience = (typeof noticeAudiences)[number];
export const noticeFilters = ['viewAll', 'unread', 'read'] as const;
export type NoticeFilter = (typeof noticeFilters)[number];

/** The spec's drawer tabs: 1 platform, 2 personal. */
export const noticeTabs = { platform: 1, personal: 2 } as const;

export const noticesQuerySchema = z
  .object({
    type: z.enum(noticeAudiences),
    filter: z.enum(noticeFilters).default('viewAll'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .meta({ id: 'NotificationsQuery' });
export type NoticesQuery = z.input<typeof noticesQuerySchema>;

/** A drawer item (spec: `_id, category, title, image, link, releaseTime, isNew`), with its message. */
export const drawerNoticeSchema = z
  .object({
    _id: z.uuid(),
    category: z.string(),
    title: z.string(),
    message: z.string(),
    image: z.string().nullable(),
    link: z.string().nullable(),
    releaseTime: z.string(),
    isNew: z.boolean(),
  })
  .meta({ id: 'DrawerNotification' });
export type DrawerNotice = z.infer<typeof drawerNoticeSchema>;

export const noticesPageSchema = z
  .object({ items: z.array(drawerNoticeSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'NotificationsPage' });
export type NoticesPage = z.infer<typeof noticesPageSchema>;

export const unreadCountSchema = z
  .object({ personalCount: z.number().int().min(0), platformCount: z.number().int().min(0) })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * A header popup (spec: `id, type POPUPNOTIFICATION, payload { message, data { title, image } }`),
 * with the notice's link in `data` too: a click on its desktop notification opens it.
 */
export const popupNoticeSchema = z
  .object({
    id: z.uuid(),
    type: z.literal('POPUPNOTIFICATION'),
    payload: z.object({
      message: z.string(),
      data: z.object({
        title: z.string(),
        image: z.string().nullable(),
        link: z.string().nullable(),
      }),
    }),
    releaseTime: z.string(),
    isNew: z.boolean(),
  })
  .meta({ id: 'PopupNotification' });
export type PopupNotice = z.infer<typeof popupNoticeSchema>;

export const markReadSchema = z
  .object({
    notificationId: z.uuid(),
    category: z.string().max(40).optional(),
    type: z.enum(noticeAudiences),
  })
  .meta({ id: 'MarkNotificationRead' });

/** Mark all: `private` is the personal tab, `public` the platform one (spec §7). */
export const markAllReadSchema = z
  .object({ type: z.enum(['private', 'public']) })
  .meta({ id: 'MarkAllNotificationsRead' });

/** The socket event: only the id and which tab; the content is fetched with the player's token. */
export type NotificationEvent = { id: string; type: 'PRIVATE' | 'PUBLIC' };

const linkRule = z
  .string()
  .max(500)
  .refine((value) => contentLink(value) !== null, {
    message: 'linkNotAllowed',
  });

export const noticeCategories = ['news', 'promotion', 'system', 'wallet', 'bonus', 'vip'] as const;

/** A notice's title and message in one language. */
export const noticeTextSchema = z.object({
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().max(1000).default(''),
});

/** What an operator publishes: to everyone, a segment (language, VIP level) or one player. */
export const publishNoticeSchema = z
  .object({
    audience: z.enum(noticeAudiences),
    userId: z.uuid().optional().describe('The player, for a personal notice'),
    segment: z
      .object({
        language: z.enum(locales).optional(),
        vipLevel: z.number().int().min(0).max(100).optional(),
      })
      .optional()
      .describe('Platform notices only: players of this language and/or VIP level'),
    category: z.enum(noticeCategories),
    title: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .describe('In English: what every player without a text of their language reads'),
    message: z.string().trim().max(1000).default(''),
    texts: z
      .partialRecord(z.enum(locales), noticeTextSchema)
      .optional()
      .describe('The same notice in other languages: a player reads theirs, else the English'),
    image: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    link: linkRule.optional(),
    releaseTime: z.iso.datetime({ offset: true }).optional().describe('Now when absent or past'),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((notice, ctx) => {
    if (notice.audience === 'personal' && !notice.userId) {
      ctx.addIssue({
        code: 'custom',
        path: ['userId'],
        message: 'noticePlayerRequired',
      });
    }
    if (notice.audience === 'personal' && notice.segment) {
      ctx.addIssue({
        code: 'custom',
        path: ['segment'],
        message: 'noticeSegmentPlatformOnly',
      });
    }
    if (notice.texts?.en) {
      ctx.addIssue({ code: 'custom', path: ['texts', 'en'], message: 'noticeEnglishInTexts' });
    }
    for (const [language, text] of Object.entries(notice.texts ?? {})) {
      if (notice.message && text && !text.message) {
        ctx.addIssue({
          code: 'custom',
          path: ['texts', language, 'message'],
          message: 'noticeMessageRequired',
        });
      }
    }
    if (notice.expiresAt && notice.releaseTime && notice.expiresAt <= notice.releaseTime) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'noticeExpiryAfterRelease' });
    }
  })
  .meta({ id: 'PublishNotice' });
export type PublishNotice = z.infer<typeof publishNoticeSchema>;

export const noticeStatuses = ['scheduled', 'released', 'withdrawn'] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

export const publishedNoticeSchema = z
  .object({
    id: z.uuid(),
    audience: z.enum(noticeAudiences),
    releaseTime: z.string(),
    status: z.enum(noticeStatuses),
  })
  .meta({ id: 'PublishedNotice' });

export const noticeIdSchema = z.object({ id: z.uuid() });

/** The notices room's list: by state, newest release first, a page at a time (≤ 100 + 1). */
export const operatorNoticesQuerySchema = z.object({
  status: z.enum(noticeStatuses).default('released'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(101).default(51),
});

/** A notice as the back office lists it: whom it was for, its texts, who it reached and who read it. */
export const operatorNoticeSchema = z
  .object({
    id: z.uuid(),
    audience: z.enum(noticeAudiences),
    player: z.object({ id: z.uuid(), username: z.string() }).nullable(),
    segment: z.object({ language: z.string().nullable(), vipLevel: z.int().nullable() }),
    category: z.enum(noticeCategories),
    title: z.string(),
    message: z.string(),
    languages: z
      .array(z.string())
      .describe('The languages with a text of their own besides English'),
    releaseTime: z.string(),
    expiresAt: z.string().nullable(),
    status: z.enum(noticeStatuses),
    createdBy: z.string().nullable(),
    /** The staff member's name when a staff member published it. */
    createdByName: z.string().nullable(),
    audienceSize: z
      .int()
      .nullable()
      .describe('Players it was meant for when it went out; null before'),
    readCount: z.int().min(0),
  })
  .meta({ id: 'OperatorNotice' });
export type OperatorNotice = z.infer<typeof operatorNoticeSchema>;
