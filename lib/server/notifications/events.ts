import 'server-only';
import { eq } from 'drizzle-orm';
import { isLocale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { notifyPlayer } from './publish';

export type MoneyEvent =
  | 'depositCredited'
  | 'depositWithdrawOnly'
  | 'withdrawalPaid'
  | 'withdrawalRejected'
  | 'sportsBetVoid'
  | 'sportsBigWin'
  | 'sportsCashOut'
  | 'sportsResettledCredit'
  | 'sportsResettledDebit';

/** "25.500000" → "25.5": a notice reads like a person wrote it. */
const plain = (amount: string) => (amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount);

/**
 * Tells a player what happened to their money, as a personal notice in their language (the
 * drawer, the popup, the socket). Called after the money moved: a notice that fails is logged,
 * never undoes or blocks the movement.
 */
export async function tellPlayer(
  userId: string,
  event: MoneyEvent,
  values: { amount: string; currency: string },
  link = '/account-management/transactions',
): Promise<void> {
  try {
    const db = await getDb();
    const [player] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    // Loaded here, not with the module: the money paths that import this never load the
    // translator (or React, which it brings) unless a notice is actually written.
    const { noticeTranslator } = await import('@/lib/server/http/locale');
    const t = noticeTranslator(isLocale(player?.language) ? player.language : 'en');
    const shown = { amount: plain(values.amount), currency: values.currency };
    await notifyPlayer(userId, {
      category: 'wallet',
      title: t(`${event}Title`),
      message: t(`${event}Message`, shown),
      link,
    });
  } catch (err) {
    logger.warn({ err, userId, event }, 'could not tell the player');
  }
}
