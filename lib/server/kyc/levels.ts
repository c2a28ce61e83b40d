import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { approvedLevel, type KycDocument, type Verification } from '@/lib/schemas/kyc';
import { getDb } from '@/lib/server/db';
import { kycDocuments, kycLevels } from '@/lib/server/db/schema';
import { capsFor } from './caps';

type LevelRow = typeof kycLevels.$inferSelect;
type DocumentRow = typeof kycDocuments.$inferSelect;

export async function levelRows(userId: string): Promise<LevelRow[]> {
  const db = await getDb();
  return db.select().from(kycLevels).where(eq(kycLevels.userId, userId));
}

/** The newest document of each kind: what a level's review looks at. */
export function latestByKind(rows: DocumentRow[]): DocumentRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.kind) ? false : (seen.add(r.kind), true)));
}

export async function documentRows(userId: string): Promise<DocumentRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, userId))
    .orderBy(desc(kycDocuments.createdAt));
}

export const shownDocument = (row: DocumentRow): KycDocument => ({
  id: row.id,
  kind: row.kind,
  type: row.type,
  status: row.status,
  reason: row.reason,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

/** The verification page: each level's state, the details, the latest documents, the caps. */
export async function verificationOf(userId: string): Promise<Verification> {
  const [levels, documents] = await Promise.all([levelRows(userId), documentRows(userId)]);
  const currentLevel = approvedLevel(levels);
  return {
    currentLevel,
    levels: ([1, 2, 3] as const).map((level) => {
      const row = levels.find((r) => r.level === level);
      return {
        level,
        status: row?.status ?? 'not_started',
        reason: row?.reason ?? null,
        note: row?.note ?? null,
      };
    }),
    details: levels.find((r) => r.level === 1)?.details ?? null,
    documents: latestByKind(documents).map(shownDocument),
    caps: await capsFor(currentLevel),
  };
}

/** The player's approved level, for rules that ask for one (withdrawal caps, the birthday bonus). */
export async function currentKycLevel(userId: string): Promise<number> {
  return approvedLevel(await levelRows(userId));
}

export async function levelRow(userId: string, level: number): Promise<LevelRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(kycLevels)
    .where(and(eq(kycLevels.userId, userId), eq(kycLevels.level, level)));
  return row;
}
