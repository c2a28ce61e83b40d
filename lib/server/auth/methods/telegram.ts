import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import type { SignInData, TelegramBody } from '@/lib/schemas/auth';
import { ApiError } from '@/lib/server/http/api-error';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { playerForIdentity } from '@/lib/server/players/store';
import { spendOnce } from '../spent-tokens';
import { completeSignIn } from '../sign-in';

/** A login widget payload is good for ten minutes, and once. */
export const TELEGRAM_MAX_AGE_S = 10 * 60;

/**
 * The login widget's proof: HMAC-SHA256 over the sorted `key=value` lines of the fields Telegram
 * sent (under Telegram's own names), keyed by SHA-256 of the bot token.
 */
export function telegramHash(
  body: Pick<
    TelegramBody,
    'telegramId' | 'telegramUser' | 'name' | 'lastName' | 'photoUrl' | 'authDate'
  >,
  botToken: string,
): string {
  const fields: Record<string, string | number | undefined> = {
    id: body.telegramId,
    first_name: body.name,
    last_name: body.lastName,
    username: body.telegramUser,
    photo_url: body.photoUrl,
    auth_date: body.authDate,
  };
  const check = Object.keys(fields)
    .filter((k) => fields[k] !== undefined && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(check).digest('hex');
}

export async function telegramSignIn(body: TelegramBody, meta: RequestMeta): Promise<SignInData> {
  if (!config.TELEGRAM_BOT_TOKEN) throw new ApiError('PROVIDER_NOT_CONFIGURED');
  const expected = Buffer.from(telegramHash(body, config.TELEGRAM_BOT_TOKEN), 'hex');
  const given = Buffer.from(body.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('TELEGRAM_AUTH_INVALID');
  }
  const age = Date.now() / 1000 - body.authDate;
  if (age > TELEGRAM_MAX_AGE_S || age < -300) throw new ApiError('TELEGRAM_AUTH_EXPIRED');

  const player = await playerForIdentity('telegramId', body.telegramId, {
    loginType: 'telegram',
    promotionCode: body.promotionCode,
    usernameSeed: body.telegramUser ?? body.name,
    avatar: body.photoUrl?.startsWith('https://') ? body.photoUrl : null,
  });
  // A payload signs in once (a replay from logs, history or another tab is refused); a 2FA prompt
  // does not use it up, so the same payload comes back with the code.
  const expires = new Date((body.authDate + TELEGRAM_MAX_AGE_S + 300) * 1000);
  return completeSignIn(player, {
    meta,
    loginType: 'telegram',
    twoFactorCode: body.twoFactorCode,
    beforeSession: async () => {
      if (!(await spendOnce('telegram', body.hash, expires))) {
        throw new ApiError('TELEGRAM_AUTH_INVALID');
      }
    },
  });
}
