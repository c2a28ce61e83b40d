import 'server-only';
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { config } from '@/lib/config';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { getDb } from '@/lib/server/db';
import { users, verificationCodes, type SignUpRequest } from '@/lib/server/db/schema';
import { assertCanDeliver, deliver } from '@/lib/server/delivery';
import { hitLimit } from '@/lib/server/http/rate-limit';
import { mailTranslator } from '@/lib/server/http/locale';
import { defineJob } from '@/lib/server/jobs';
import {
  CODE_TTL_MS,
  hashCode,
  newCode,
  retireOtherRequests,
  type Channel,
  type Purpose,
} from './codes';
import { authLimits } from './limits';
import { findPlayer, usernameFor } from '@/lib/server/players/store';

type Row = typeof verificationCodes.$inferSelect;

async function discard(row: Row) {
  const db = await getDb();
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(eq(verificationCodes.id, row.id));
}

/** The pending player a sign-up request belongs to, created by the first request for the contact. */
async function pendingPlayerFor(row: Row) {
  const db = await getDb();
  const payload = row.payload!;
  await db
    .insert(users)
    .values({
      [row.channel]: row.contact,
      status: 'pending',
      loginType: row.channel,
      language: payload.language,
      promotionCode: payload.promotionCode,
      username: usernameFor(row.channel === 'email' ? row.contact : null),
    })
    .onConflictDoNothing();
  return findPlayer(row.channel, row.contact);
}

/** A resend carries no password: it takes over the latest sign-up request's, whose code then dies. */
async function takeOverLatestRequest(row: Row, userId: string) {
  const db = await getDb();
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, 'activation'),
        eq(verificationCodes.contact, row.contact),
        isNotNull(verificationCodes.payload),
        ne(verificationCodes.id, row.id),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest?.payload) return;
  await db
    .update(verificationCodes)
    .set({ payload: latest.payload, userId })
    .where(eq(verificationCodes.id, row.id));
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)));
}

async function sendCode(row: Row, userId: string, kind: 'activation' | 'reset' | 'contactChange') {
  const db = await getDb();
  const code = newCode();
  // A retried job makes a new code: nobody saw the old one, and only its hash was kept.
  const [live] = await db
    .update(verificationCodes)
    .set({
      userId,
      codeHash: hashCode(row.id, code),
      attempts: 0,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  // Replaced by a newer request meanwhile: a code that cannot work is not sent.
  if (!live) return;
  const t = mailTranslator(localeOf(row.locale));
  await deliver({
    channel: row.channel,
    to: row.contact,
    subject: t(`${kind}Subject`, { site: config.SITE_NAME }),
    text: t(`${kind}Text`, { code, site: config.SITE_NAME }),
  });
}

function localeOf(value: string): Locale {
  return isLocale(value) ? value : 'en';
}

async function deliverActivation(row: Row) {
  const existing = await findPlayer(row.channel, row.contact);
  if (!row.payload) {
    // A resend: only a pending sign-up gets a new code; for anyone else there is nothing to send.
    if (existing?.status !== 'pending') return discard(row);
    await takeOverLatestRequest(row, existing.id);
    return sendCode(row, existing.id, 'activation');
  }
  if (existing && existing.status !== 'pending') {
    // Someone signed up with an address that already has an account: its owner hears of it,
    // the requester learns nothing they could not learn from their own inbox.
    await discard(row);
    const t = mailTranslator(localeOf(row.locale));
    await deliver({
      channel: row.channel,
      to: row.contact,
      subject: t('existsSubject', { site: config.SITE_NAME }),
      text: t('existsText', { site: config.SITE_NAME }),
    });
    return;
  }
  const player = existing ?? (await pendingPlayerFor(row));
  if (!player || player.status !== 'pending') return discard(row);
  await sendCode(row, player.id, 'activation');
}

async function deliverReset(row: Row) {
  const player = await findPlayer(row.channel, row.contact);
  if (!player || player.status !== 'active' || !player.passwordHash) return discard(row);
  // A new reset code replaces the older ones.
  await retireOtherRequests('password_reset', row.contact, row.id);
  await sendCode(row, player.id, 'reset');
}

/** A code to the new address of a change the signed-in player asked for (contact-change.ts). */
async function deliverContactChange(row: Row) {
  const player = row.userId ? await findPlayer('id', row.userId) : null;
  if (!player || player.status !== 'active') return discard(row);
  await retireOtherRequests('contact_change', row.contact, row.id);
  await sendCode(row, player.id, 'contactChange');
}

/** Delivers what a code request asked for, after the request was answered (see requestCode). */
export const codeDelivery = defineJob<{ id: string }>('deliver-code', async ({ id }) => {
  const db = await getDb();
  const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, id));
  if (!row || row.consumedAt) return;
  if (row.purpose === 'activation') await deliverActivation(row);
  else if (row.purpose === 'contact_change') await deliverContactChange(row);
  else await deliverReset(row);
});

/**
 * Records a request for a code and queues its delivery. The caller answers at once: whether an
 * account exists, and so whether a code (or an "already registered" note) is sent, is decided by
 * the delivery job after the answer, so the answer and its timing are the same either way.
 */
export async function requestCode(input: {
  purpose: Purpose;
  channel: Channel;
  contact: string;
  locale: Locale;
  payload?: SignUpRequest;
  /** The player the code is for, when a signed-in player asked (a change of email or phone). */
  userId?: string;
}): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .insert(verificationCodes)
    .values({
      purpose: input.purpose,
      channel: input.channel,
      contact: input.contact,
      locale: input.locale,
      payload: input.payload ?? null,
      userId: input.userId,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    })
    .returning({ id: verificationCodes.id });
  await codeDelivery.enqueue({ id: row!.id });
}

/** The send quotas, counted for every accepted request whether or not an account exists. */
export async function hitSendQuotas(
  channel: 'email' | 'phone',
  contact: string,
  ip: string,
): Promise<void> {
  assertCanDeliver(channel);
  await hitLimit(authLimits.codeSendPerIp, ip);
  await hitLimit(authLimits.codeSendPerContact, contact);
}
