import { z } from 'zod';

/* Verification (KYC): three levels, documents, their review, and the withdrawal caps per level. */

export const kycLevels = [1, 2, 3] as const;
export type KycLevel = (typeof kycLevels)[number];

/** Level 1 is details; level 2 identity (both sides, a selfie); level 3 address and source of funds. */
export const documentKinds = [
  'id_front',
  'id_back',
  'selfie',
  'proof_of_address',
  'source_of_funds',
] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const documentsOfLevel: Record<2 | 3, readonly DocumentKind[]> = {
  2: ['id_front', 'id_back', 'selfie'],
  3: ['proof_of_address', 'source_of_funds'],
};
export const levelOfDocument = (kind: DocumentKind): 2 | 3 =>
  documentsOfLevel[2].includes(kind) ? 2 : 3;

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Why a reviewer refuses a level: a code the player reads in their language, plus a note as typed. */
export const kycRefusalReasons = ['blurred', 'expired', 'mismatch', 'other'] as const;
export type KycRefusalReason = (typeof kycRefusalReasons)[number];
const refusal = {
  reason: z.enum(kycRefusalReasons).nullable(),
  /** The reviewer's note, shown to the player exactly as typed (text, never markup). */
  note: z.string().nullable(),
};

/** The highest level approved with every level below it (0: none). */
export function approvedLevel(rows: { level: number; status: string }[]): number {
  let level = 0;
  for (const next of [1, 2, 3]) {
    if (!rows.some((r) => r.level === next && r.status === 'approved')) break;
    level = next;
  }
  return level;
}

export const KYC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ADULT_AGE = 18;

/** Whole years between a birth date (YYYY-MM-DD) and today. */
export function ageOn(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');

export const kycDetailsSchema = z
  .object({
    firstName: text(80),
    lastName: text(80),
    birthDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'birthDateInvalid')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'birthDateInvalid')
      .refine((v) => ageOn(v) < 120, 'birthDateInvalid')
      .refine((v) => ageOn(v) >= ADULT_AGE, 'underAge'),
    country: z.string().regex(/^[A-Z]{2}$/, 'countryRequired'),
    address: text(200),
    city: text(100),
    postalCode: z.string().trim().min(1, 'required').max(20, 'tooLong'),
  })
  .meta({ id: 'KycDetails' });
export type KycDetails = z.infer<typeof kycDetailsSchema>;

export const documentKindQuerySchema = z.object({ kind: z.enum(documentKinds) });

export const kycDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(documentKinds),
  type: z.enum(['png', 'jpeg', 'webp', 'pdf']),
  status: z.enum(reviewStatuses),
  ...refusal,
  createdAt: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycLevelStateSchema = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.enum(['not_started', ...reviewStatuses]),
  ...refusal,
});

export const withdrawalCapSchema = z.object({
  level: z.number().int().min(0).max(3),
  /** USD over the last 24 hours and 30 days; null: no cap. */
  dailyUsd: z.number().int().positive().nullable(),
  monthlyUsd: z.number().int().positive().nullable(),
});
export type WithdrawalCap = z.infer<typeof withdrawalCapSchema>;

/** A cap as the operator API speaks it: a decimal string of whole USD ("5000" or "5000.00"). */
const capUsd = z
  .string()
  .regex(/^\d{1,9}(\.0{1,2})?$/, 'whole USD as a decimal string, e.g. "5000.00"')
  .refine((v) => /[1-9]/.test(v), 'above zero')
  .nullable();

/** A level's withdrawal caps in the operator API: decimal strings of USD, null for no cap. */
export const operatorWithdrawalCapSchema = z
  .object({
    level: z.number().int().min(0).max(3),
    dailyUsd: capUsd.describe('USD over the last 24 hours, a decimal string; null: no cap'),
    monthlyUsd: capUsd.describe('USD over the last 30 days, a decimal string; null: no cap'),
  })
  .meta({ id: 'WithdrawalCaps' });
export type OperatorWithdrawalCap = z.output<typeof operatorWithdrawalCapSchema>;

export const verificationSchema = z
  .object({
    /** The highest level approved (0: none). The birthday bonus asks for a level (spec §4). */
    currentLevel: z.number().int().min(0).max(3),
    levels: z.array(kycLevelStateSchema),
    details: kycDetailsSchema.nullable(),
    documents: z.array(kycDocumentSchema),
    caps: withdrawalCapSchema,
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;

export const kycReviewSchema = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: z.enum(kycRefusalReasons),
      note: z.string().trim().max(500, 'tooLong').optional(),
    }),
  ])
  .meta({ id: 'KycReview' });
export type KycReview = z.infer<typeof kycReviewSchema>;

/** The review queue's filter and page: a review state, a level (both by default), ≤ 100 rows + 1. */
export const kycQueueQuerySchema = z.object({
  status: z.enum(reviewStatuses).default('pending'),
  level: z.coerce
    .number()
    .pipe(z.union([z.literal(2), z.literal(3)]))
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(101).default(101),
});
export type KycQueueQuery = z.infer<typeof kycQueueQuerySchema>;

const reviewedLevel = {
  level: z.union([z.literal(2), z.literal(3)]),
  status: z.enum(reviewStatuses),
  ...refusal,
  /** When the level entered its state: for a pending level, since when it waits. */
  since: z.string(),
  documents: z.array(kycDocumentSchema),
};

export const kycQueueItemSchema = z
  .object({ userId: z.uuid(), memberId: z.string(), username: z.string(), ...reviewedLevel })
  .meta({ id: 'KycQueueItem' });
export type KycQueueItem = z.infer<typeof kycQueueItemSchema>;

/** One player's case for a reviewer: the details to hold the documents against, levels 2 and 3. */
export const kycCaseSchema = z
  .object({
    userId: z.uuid(),
    memberId: z.string(),
    username: z.string(),
    currentLevel: z.number().int().min(0).max(3),
    details: kycDetailsSchema.nullable(),
    levels: z.array(z.object(reviewedLevel)),
  })
  .meta({ id: 'KycCase' });
export type KycCase = z.infer<typeof kycCaseSchema>;

export const kycReviewParamsSchema = z.object({
  userId: z.uuid(),
  level: z.coerce.number().int().min(1).max(3),
});
