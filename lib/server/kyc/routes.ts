import 'server-only';
import { z } from 'zod';
import {
  documentKindQuerySchema,
  kycDetailsSchema,
  kycDocumentSchema,
  kycReviewParamsSchema,
  kycReviewSchema,
  reviewStatuses,
  verificationSchema,
  withdrawalCapSchema,
} from '@/lib/schemas/kyc';
import { route } from '@/lib/server/http/route';

const tags = ['verification'];
const idParams = z.object({ id: z.uuid() });

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
    response: z.string().meta({ description: 'the file' }),
  }),
  queue: route({
    method: 'get',
    path: '/operator/kyc',
    operationId: 'kycQueue',
    summary: 'Levels 2 and 3 by status (pending by default), oldest first; roles risk or admin',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    query: z.object({ status: z.enum(reviewStatuses).default('pending') }),
    response: z.array(z.record(z.string(), z.unknown())),
  }),
  staffDocument: route({
    method: 'get',
    path: '/operator/kyc/documents/{id}',
    operationId: 'kycDocument',
    summary: 'A document for review (nosniff, sandboxed, never cached); roles risk or admin',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    response: z.string().meta({ description: 'the file' }),
  }),
  review: route({
    method: 'post',
    path: '/operator/kyc/{userId}/levels/{level}',
    operationId: 'reviewKyc',
    summary: 'Approves or rejects (with a reason) a pending level; audited; roles risk or admin',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: kycReviewParamsSchema,
    body: kycReviewSchema,
    response: z.object({
      userId: z.uuid(),
      level: z.number().int(),
      status: z.enum(reviewStatuses),
      reason: z.string().nullable(),
    }),
  }),
  caps: route({
    method: 'put',
    path: '/operator/kyc/caps',
    operationId: 'setWithdrawalCaps',
    summary:
      "A verification level's withdrawal caps in USD per 24 hours and 30 days; audited; role admin",
    tags: ['operator'],
    operator: ['admin'],
    body: withdrawalCapSchema,
    response: withdrawalCapSchema,
  }),
};
