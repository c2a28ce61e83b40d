import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  documentsOfLevel,
  KYC_DOCUMENT_MAX_BYTES,
  levelOfDocument,
  type DocumentKind,
  type KycDetails,
  type KycDocument,
} from '@/lib/schemas/kyc';
import { getDb } from '@/lib/server/db';
import { kycDocuments, kycLevels } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { auditNow } from '@/lib/server/operator/audit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { reencode, sniff } from '@/lib/server/uploads/images';
import { privateFileResponse } from '@/lib/server/uploads/serve';
import { readUpload } from '@/lib/server/uploads/read';
import { getFile, putFile } from '@/lib/server/uploads/storage';
import { documentRows, latestByKind, levelRow, shownDocument } from './levels';

/**
 * Level 1: name, date of birth (18 or older), country and address. Approved when they pass the
 * rules; once approved they are kept as they are (a change goes through support).
 */
export async function submitDetails(userId: string, details: KycDetails): Promise<void> {
  const db = await getDb();
  const rows = await db
    .insert(kycLevels)
    .values({
      userId,
      level: 1,
      status: 'approved',
      details,
      reviewedBy: 'rules',
      reviewedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [kycLevels.userId, kycLevels.level],
      set: {
        status: 'approved',
        details,
        reason: null,
        note: null,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      },
      setWhere: ne(kycLevels.status, 'approved'),
    })
    .returning({ id: kycLevels.id });
  if (!rows.length) throw new ApiError('KYC_LEVEL_LOCKED');
}

/**
 * A document of level 2 or 3: PNG, JPEG or WebP (PDF too at level 3), its type read from its
 * bytes, up to 10 MB; images are decoded and encoded again (metadata and appended bytes dropped).
 * The level below must be approved and this one not yet; once every document of the level is in,
 * the level waits for review.
 */
export async function uploadDocument(
  userId: string,
  kind: DocumentKind,
  request: Request,
): Promise<KycDocument> {
  const level = levelOfDocument(kind);
  const below = await levelRow(userId, level - 1);
  if (below?.status !== 'approved') throw new ApiError('KYC_LEVEL_REQUIRED');
  if ((await levelRow(userId, level))?.status === 'approved')
    throw new ApiError('KYC_LEVEL_LOCKED');
  const bytes = await readUpload(request, KYC_DOCUMENT_MAX_BYTES);
  const type = await sniff(
    bytes,
    level === 3 ? ['png', 'jpeg', 'webp', 'pdf'] : ['png', 'jpeg', 'webp'],
  );
  const stored = type === 'pdf' ? bytes : await reencode(bytes, type);
  const file = await putFile('kyc', stored, type);
  const db = await getDb();
  const [row] = await db.insert(kycDocuments).values({ userId, kind, type, file }).returning();
  const latest = latestByKind(await documentRows(userId));
  const complete = documentsOfLevel[level].every((k) =>
    latest.some((d) => d.kind === k && d.status !== 'rejected'),
  );
  if (complete) {
    await db
      .insert(kycLevels)
      .values({ userId, level, status: 'pending' })
      .onConflictDoUpdate({
        target: [kycLevels.userId, kycLevels.level],
        set: { status: 'pending', reason: null, note: null, updatedAt: sql`now()` },
        setWhere: ne(kycLevels.status, 'approved'),
      });
  }
  return shownDocument(row!);
}

/**
 * A document's file for its owner (`userId`) or for staff (null, with the `reader` acting): answered
 * so that no browser runs it — nosniff, a sandbox CSP, never cached, PDFs only as downloads. Anyone
 * else: 404. A staff read is audited (who looked at whose document, when) before the bytes leave.
 */
export async function documentResponse(
  id: string,
  userId: string | null,
  reader?: OperatorActor,
): Promise<Response> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), userId ? eq(kycDocuments.userId, userId) : undefined));
  const bytes = row ? await getFile('kyc', row.file) : null;
  if (!row || !bytes) throw new ApiError('NOT_FOUND');
  if (reader) {
    await auditNow(reader, {
      action: 'kyc.document.read',
      target: `kyc-document:${id}`,
      after: { userId: row.userId, kind: row.kind },
    });
  }
  return privateFileResponse(
    bytes,
    row.type,
    `${row.type === 'pdf' ? 'attachment' : 'inline'}; filename="${row.kind}.${row.type}"`,
  );
}
