import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { isLocale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { CONTACT_UNDO_DAYS, type ContactChangeInput } from '@/lib/schemas/profile';
import type { z } from 'zod';
import type { contactConfirmSchema } from '@/lib/schemas/profile';
import { hitCheckQuotas, checkCode } from '@/lib/server/auth/codes';
import { hitSendQuotas, requestCode } from '@/lib/server/auth/code-delivery';
import { authLimits } from '@/lib/server/auth/limits';
import { hashToken, revokeAllSessions, type SessionUser } from '@/lib/server/auth/session';
import { assertFreshProof } from '@/lib/server/auth/step-up';
import { acceptTotp } from '@/lib/server/auth/two-factor';
import { getDb } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { contactChanges, users } from '@/lib/server/db/schema';
import { deliver } from '@/lib/server/delivery';
import { ApiError } from '@/lib/server/http/api-error';
import { mailTranslator } from '@/lib/server/http/locale';
import { clearLimit, hitLimit } from '@/lib/server/http/rate-limit';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import type { Player } from './store';

/** Whether another player already signs in with this address. */
async function inUse(channel: 'email' | 'phone', contact: string, userId: string) {
  const db = await getDb();
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users[channel], contact), ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

/**
 * Asks for a change of email or phone: the current password (or a sign-in in the last 5 minutes)
 * and, with 2FA on, its code — a token taken from localStorage alone cannot move the account. A
 * code then goes to the new address; nothing changes until it comes back.
 */
export async function requestContactChange(
  user: SessionUser,
  player: Player,
  body: ContactChangeInput,
  meta: RequestMeta,
): Promise<{ sent: true }> {
  await assertFreshProof(user, player, body.password);
  if (player.twoFactorEnabled) {
    if (!body.twoFactorCode) throw new ApiError('VALIDATION_ERROR', 'twoFactorCode');
    await hitLimit(authLimits.twoFactorPerAccount, player.id);
    if (!(await acceptTotp(player, body.twoFactorCode))) throw new ApiError('INVALID_2FA');
    await clearLimit(authLimits.twoFactorPerAccount, player.id);
  }
  const contact = body.contact.trim().toLowerCase();
  if (player[body.channel] === contact) throw new ApiError('VALIDATION_ERROR', body.channel);
  if (await inUse(body.channel, contact, player.id)) throw new ApiError('CONTACT_IN_USE');
  await hitSendQuotas(body.channel, contact, meta.ip);
  await requestCode({
    purpose: 'contact_change',
    channel: body.channel,
    contact,
    locale: isLocale(player.language) ? player.language : meta.locale,
    userId: player.id,
  });
  return { sent: true };
}

/**
 * The code from the new address: the change is made, withdrawals wait 24 hours, and the old
 * address (if there was one) is told, with a link that undoes the change for 7 days.
 */
export async function confirmContactChange(
  player: Player,
  body: z.output<typeof contactConfirmSchema>,
  meta: RequestMeta,
): Promise<{ changed: true }> {
  const contact = body.contact.trim().toLowerCase();
  await hitCheckQuotas(contact, meta.ip);
  const checked = await checkCode({
    purpose: 'contact_change',
    contact,
    code: body.code,
    consume: true,
  });
  if (checked.userId !== player.id) throw new ApiError('INVALID_CODE');
  const token = randomBytes(32).toString('base64url');
  const old = player[body.channel];
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({ [body.channel]: contact, securityChangedAt: new Date() })
        .where(eq(users.id, player.id));
      await tx.insert(contactChanges).values({
        userId: player.id,
        channel: body.channel,
        oldValue: old,
        newValue: contact,
        undoTokenHash: hashToken(token),
        undoExpiresAt: new Date(Date.now() + CONTACT_UNDO_DAYS * 24 * 3_600_000),
      });
    })
    .catch((error: unknown) => {
      // Taken by another account between the request and the code.
      if (isUniqueViolation(error)) throw new ApiError('CONTACT_IN_USE');
      throw error;
    });
  if (old) await tellOldAddress(player, body.channel, old, contact, token);
  return { changed: true };
}

async function tellOldAddress(
  player: Player,
  channel: 'email' | 'phone',
  old: string,
  contact: string,
  token: string,
) {
  const t = mailTranslator(isLocale(player.language) ? player.language : 'en');
  const prefix = player.language === 'en' ? '' : `/${player.language}`;
  const link = new URL(`${prefix}/account-recovery?token=${token}`, config.SITE_URL).toString();
  try {
    await deliver({
      channel,
      to: old,
      subject: t(`${channel}ChangedSubject`, { site: config.SITE_NAME }),
      text: t(`${channel}ChangedText`, { site: config.SITE_NAME, contact, link }),
    });
  } catch (err) {
    logger.warn({ err, userId: player.id }, 'could not tell the old address of a contact change');
  }
}

/**
 * The old address undoes a change (no sign-in needed: whoever made the change may hold the
 * account). The link is spent by one conditional update; the old value comes back, every session
 * ends, and withdrawals wait 24 hours again.
 */
export async function undoContactChange(token: string): Promise<{
  channel: 'email' | 'phone';
  restored: string | null;
}> {
  const db = await getDb();
  const [change] = await db
    .update(contactChanges)
    .set({ undoneAt: new Date() })
    .where(
      and(
        eq(contactChanges.undoTokenHash, hashToken(token)),
        isNull(contactChanges.undoneAt),
        gt(contactChanges.undoExpiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!change) throw new ApiError('INVALID_CODE');
  await db
    .update(users)
    .set({ [change.channel]: change.oldValue, securityChangedAt: new Date() })
    .where(eq(users.id, change.userId))
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError('CONTACT_IN_USE');
      throw error;
    });
  await revokeAllSessions(change.userId);
  return { channel: change.channel, restored: change.oldValue };
}
