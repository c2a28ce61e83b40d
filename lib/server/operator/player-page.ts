import 'server-only';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { describeUserAgent } from '@/lib/account/user-agent';
import { approvedLevel } from '@/lib/schemas/kyc';
import type { PlayerPage } from '@/lib/schemas/back-office-players';
import { getDb } from '@/lib/server/db';
import {
  cryptos,
  kycDocuments,
  kycLevels,
  ledgerAccounts,
  playerLimits,
  playerNotes,
  playerTags,
  sessions,
  signInEvents,
  supportConversations,
  staff,
  users,
} from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { latestByKind } from '@/lib/server/kyc/levels';
import { listFlags } from '@/lib/server/risk/flags';
import { formatMinor } from '@/lib/server/wallet/amounts';
import { listApprovals } from './approvals';
import type { OperatorActor } from './auth';
import { auditNow } from './audit';

const SIGN_INS_SHOWN = 20;
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A staff author's name as it is now, for `staff:<id>` (null for the automation key). */
const authorName = sql<string | null>`(SELECT ${staff.name} FROM ${staff}
  WHERE ${playerNotes.author} = 'staff:' || ${staff.id}::text)`;

/**
 * The player page: profile, KYC states, balances of every kind, limits and breaks, flags, pending
 * approvals, notes and tags, live sessions and the latest sign-ins. Every role may open it; the
 * read is audited (personal data). KYC documents appear as states only (their files stay with
 * the KYC room's roles).
 */
export async function playerPage(actor: OperatorActor, userId: string): Promise<PlayerPage> {
  const db = await getDb();
  const [player] = await db.select().from(users).where(eq(users.id, userId));
  if (!player) throw new ApiError('NOT_FOUND');
  const owner = `player:${userId}`;
  const [
    levels,
    documents,
    balances,
    limits,
    flags,
    approvals,
    notes,
    tags,
    live,
    signIns,
    conversation,
  ] = await Promise.all([
    db.select().from(kycLevels).where(eq(kycLevels.userId, userId)),
    db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.userId, userId))
      .orderBy(desc(kycDocuments.createdAt)),
    db
      .select({ account: ledgerAccounts, decimals: cryptos.decimals })
      .from(ledgerAccounts)
      .innerJoin(cryptos, eq(cryptos.symbol, ledgerAccounts.currency))
      .where(eq(ledgerAccounts.owner, owner))
      .orderBy(asc(ledgerAccounts.currency), asc(ledgerAccounts.kind)),
    db.select().from(playerLimits).where(eq(playerLimits.userId, userId)),
    listFlags({ userId, offset: 0, limit: 50 }),
    listApprovals({ userId, status: 'pending', offset: 0, limit: 50 }),
    db
      .select({ note: playerNotes, authorName })
      .from(playerNotes)
      .where(eq(playerNotes.userId, userId))
      .orderBy(desc(playerNotes.createdAt))
      .limit(100),
    db
      .select({ tag: playerTags.tag })
      .from(playerTags)
      .where(eq(playerTags.userId, userId))
      .orderBy(asc(playerTags.tag)),
    db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sessions.createdAt)),
    db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, userId))
      .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
      .limit(SIGN_INS_SHOWN),
    db
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId)),
  ]);
  await auditNow(actor, { action: 'player.view', target: owner });
  return {
    profile: {
      id: player.id,
      memberId: String(player.memberNo),
      username: player.username,
      email: player.email,
      phone: player.phone,
      status: player.status,
      language: player.language,
      vipLevel: player.vipLevel,
      loginType: player.loginType,
      twoFactorEnabled: player.twoFactorEnabled,
      restriction: player.restriction,
      restrictedUntil: iso(player.restrictedUntil),
      createdAt: player.createdAt.toISOString(),
      lastLoginAt: iso(player.lastLoginAt),
    },
    kyc: {
      level: approvedLevel(levels),
      levels: levels
        .map((l) => ({ level: l.level, status: l.status }))
        .sort((a, b) => a.level - b.level),
      documents: latestByKind(documents).map((d) => ({
        id: d.id,
        kind: d.kind,
        status: d.status,
        createdAt: d.createdAt.toISOString(),
      })),
    },
    balances: balances.map(({ account, decimals }) => ({
      currency: account.currency,
      kind: account.kind,
      balance: formatMinor(account.balance, decimals),
    })),
    limits: limits.map((l) => ({
      kind: l.kind,
      period: l.period,
      amount: l.amount,
      pendingAmount: l.pendingAmount,
      pendingAt: iso(l.pendingAt),
    })),
    flags,
    approvals,
    notes: notes.map(({ note, authorName: name }) => ({
      id: note.id,
      author: note.author,
      authorName: name,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    })),
    tags: tags.map((t) => t.tag),
    sessions: live.map((s) => ({
      id: s.id,
      ip: s.ip,
      ...describeUserAgent(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: iso(s.lastSeenAt),
    })),
    signIns: signIns.map((e) => ({
      ip: e.ip,
      ...describeUserAgent(e.userAgent),
      deviceId: e.deviceId,
      loginType: e.loginType,
      success: e.success,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
    supportConversationId: conversation[0]?.id ?? null,
  };
}
