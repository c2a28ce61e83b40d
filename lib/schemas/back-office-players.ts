import { z } from 'zod';
import { documentKinds, reviewStatuses } from './kyc';
import { limitAmountSchema, limitKinds, limitPeriods, restrictionKinds } from './protection';
import { deviceKinds, signInMethods } from './security';
import { balanceKinds } from './wallet';
import { flagSchema, approvalSchema } from './risk';

/** What the players room searches by; `any` tells from the text itself. */
export const playerSearchFields = [
  'any',
  'memberId',
  'username',
  'email',
  'phone',
  'withdrawalAddress',
  'depositSender',
  'ip',
] as const;
export type PlayerSearchField = (typeof playerSearchFields)[number];

export const playerSearchSchema = z.object({
  q: z.string().trim().min(1).max(200),
  by: z.enum(playerSearchFields).default('any'),
});

const playerStatuses = ['pending', 'active', 'blocked'] as const;

/** Who a player is, as both the search's rows and the player page show it. */
const playerIdentity = z.object({
  id: z.uuid(),
  memberId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(playerStatuses),
  vipLevel: z.int(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const playerRowSchema = playerIdentity
  .extend({
    kycLevel: z.int().min(0).max(3),
    openFlags: z.int().min(0),
  })
  .meta({ id: 'PlayerRow' });
export type PlayerRow = z.output<typeof playerRowSchema>;

export const NOTE_MAX = 2000;
export const playerNoteBodySchema = z.object({ body: z.string().trim().min(1).max(NOTE_MAX) });

/** A tag: a short label of letters, digits, spaces and - _ : . (no markup, nothing to escape). */
export const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _:.-]*$/u);
export const playerTagsSchema = z.object({ tags: z.array(tagSchema).max(20) });

export const playerReasonSchema = z.object({ reason: z.string().trim().min(3).max(500) });

/** A limit staff set on a player: tighter than the player's own, in whole USD, with a reason. */
export const staffLimitSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  amount: limitAmountSchema,
  reason: z.string().trim().min(3).max(500),
});
export type StaffLimitBody = z.output<typeof staffLimitSchema>;

const noteSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type PlayerNote = z.output<typeof noteSchema>;

const deviceSchema = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(deviceKinds),
});

/** The player page: everything a staff member needs about one player, in one answer. */
export const playerPageSchema = z
  .object({
    profile: playerIdentity.extend({
      language: z.string(),
      loginType: z.enum(signInMethods),
      twoFactorEnabled: z.boolean(),
      restriction: z.enum(restrictionKinds).nullable(),
      restrictedUntil: z.string().nullable(),
    }),
    kyc: z.object({
      level: z.int().min(0).max(3),
      levels: z.array(z.object({ level: z.int(), status: z.enum(reviewStatuses) })),
      documents: z.array(
        z.object({
          id: z.uuid(),
          kind: z.enum(documentKinds),
          status: z.enum(reviewStatuses),
          createdAt: z.string(),
        }),
      ),
    }),
    balances: z.array(
      z.object({ currency: z.string(), kind: z.enum(balanceKinds), balance: z.string() }),
    ),
    limits: z.array(
      z.object({
        kind: z.enum(limitKinds),
        period: z.enum(limitPeriods),
        amount: z.int().nullable(),
        pendingAmount: z.int().nullable(),
        pendingAt: z.string().nullable(),
      }),
    ),
    flags: z.array(flagSchema),
    approvals: z.array(approvalSchema),
    notes: z.array(noteSchema),
    tags: z.array(z.string()),
    sessions: z.array(
      z.object({
        id: z.uuid(),
        ip: z.string().nullable(),
        ...deviceSchema.shape,
        createdAt: z.string(),
        lastSeenAt: z.string().nullable(),
      }),
    ),
    signIns: z.array(
      z.object({
        ip: z.string().nullable(),
        ...deviceSchema.shape,
        deviceId: z.string().nullable(),
        loginType: z.enum(signInMethods),
        success: z.boolean(),
        reason: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    /** The player's support conversation (one per player), when they ever wrote. */
    supportConversationId: z.uuid().nullable(),
  })
  .meta({ id: 'PlayerPage' });
export type PlayerPage = z.output<typeof playerPageSchema>;
