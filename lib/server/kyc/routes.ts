import 'server-only';
import { z } from 'zod';
import {
  documentKindQuerySchema,
  kycCaseSchema,
  kycDetailsSchema,
  kycQueueItemSchema,
  kycQueueQuerySchema,
  kycRefusalReasons,
  kycDocumentSchema,
  kycReviewParamsSchema,
  kycReviewSchema,
  reviewStatuses,
  operatorWithdrawalCapSchema,
  verificationSchema,
} from '@/lib/schemas/kyc';
import { binary, route } from '@/lib/server/http/route';
import { contentTypesOf } from '@/lib/server/uploads/media-types';

const tags = ['verification'];
const idParams = z.object({ id: z.uuid() });
/** A document's file in its stored type: images at level 2, a PDF too at level 3 (a download). */
const documentFile = binary(
  contentTypesOf(['png', 'jpeg', 'webp', 'pdf']),
  'The file, nosniff, under a sandbox CSP',
  { 'Content-Disposition': 'attachment for a PDF, inline for an image; named <kind>.<type>' },
);

/** Verification (KYC): the player's levels and documents, and the operator's review. */
export const kycRoutes = {
  verification: route({
    method: 'get',
    path: '/users/verification',
    operationId: 'verification',
    summary:
      'Verification levels 1–3 with their status, the details, the documents and the withdrawal caps',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: verificationSchema,
  }),
  details: route({
    method: 'put',
    path: '/users/verification/details',
    operationId: 'verificationDetails',
    summary: 'Level 1: name, date of birth (18 or older), country and address',
    tags,
    auth: 'required',
    body: kycDetailsSchema,
    response: verificationSchema,
  }),
  upload: route({
    method: 'post',
    path: '/users/verification/documents',
    operationId: 'uploadDocument',
    summary:
      'A document of level 2 or 3, the file itself as the body (PNG, JPEG or WebP; PDF at level 3; up to 10 MB)',
    tags,
    auth: 'required',
    query: documentKindQuerySchema,
    response: kycDocumentSchema,
  }),
  document: route({
    method: 'get',
    path: '/users/verification/documents/{id}',
    operationId: 'document',
    summary: "One of the player's own documents (nosniff, sandboxed, never cached)",
    tags,
    auth: 'required',
    params: idParams,
    response: documentFile,
  }),
  queue: route({
    method: 'get',
    path: '/operator/kyc',
    operationId: 'kycQueue',
    summary:
      'Levels 2 and 3 by review state (pending by default) and level, the longest wait first, a page at a time (offset, limit ≤ 101: one more than a page says another follows), with the documents to look at; roles risk or admin',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    query: kycQueueQuerySchema,
    response: z.array(kycQueueItemSchema),
  }),
  reviewCase: route({
    method: 'get',
    path: '/operator/kyc/{userId}',
    operationId: 'kycCase',
    summary:
      "One player's case: the level-1 details, levels 2 and 3 with their documents; the read is audited (kyc.case.read); roles risk or admin",
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: z.object({ userId: z.uuid() }),
    response: kycCaseSchema,
  }),
  staffDocument: route({
    method: 'get',
    path: '/operator/kyc/documents/{id}',
    operationId: 'kycDocument',
    summary:
      'A document for review (nosniff, sandboxed, never cached), its read audited (kyc.document.read); roles risk or admin',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    response: documentFile,
  }),
  review: route({
    method: 'post',
    path: '/operator/kyc/{userId}/levels/{level}',
    operationId: 'reviewKyc',
    summary:
      'Approves or refuses a pending level; a refusal names its reason (blurred, expired, mismatch, other: the player reads it in their language) and may add a note shown as typed; audited; roles risk or admin',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: kycReviewParamsSchema,
    body: kycReviewSchema,
    response: z.object({
      userId: z.uuid(),
      level: z.number().int(),
      status: z.enum(reviewStatuses),
      reason: z.enum(kycRefusalReasons).nullable(),
      note: z.string().nullable(),
    }),
  }),
  caps: route({
    method: 'put',
    path: '/operator/kyc/caps',
    operationId: 'setWithdrawalCaps',
    summary:
      "A verification level's withdrawal caps in USD per 24 hours and 30 days, as decimal strings of whole dollars (null: no cap); audited; role admin",
    tags: ['operator'],
    operator: ['admin'],
    body: operatorWithdrawalCapSchema,
    response: operatorWithdrawalCapSchema,
  }),
};
