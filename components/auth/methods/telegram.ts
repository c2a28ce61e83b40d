import { authApi } from '@/lib/api/auth';
import { SignInError, type SignInMethod } from './types';

/** The Telegram login popup's size (spec §9). */
export const TELEGRAM_POPUP = { width: 500, height: 800 };
const TELEGRAM_ORIGIN = 'https://oauth.telegram.org';

type TelegramUser = {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
};

/** Opens Telegram's login popup and waits for the signed user it posts back. */
export function telegramPopup(botId: string): Promise<TelegramUser> {
  const url = new URL(`${TELEGRAM_ORIGIN}/auth`);
  url.searchParams.set('bot_id', botId);
  url.searchParams.set('origin', window.location.origin);
  url.searchParams.set('request_access', 'write');
  const left = Math.max(0, (window.screen.width - TELEGRAM_POPUP.width) / 2);
  const top = Math.max(0, (window.screen.height - TELEGRAM_POPUP.height) / 2);
  const popup = window.open(
    url.toString(),
    'telegram_oauth',
    `width=${TELEGRAM_POPUP.width},height=${TELEGRAM_POPUP.height},left=${left},top=${top},status=0,location=0,menubar=0,toolbar=0`,
  );
  return new Promise((resolve, reject) => {
    const timer = window.setInterval(() => {
      if (popup?.closed) finish(() => reject(new SignInError('')));
    }, 500);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== TELEGRAM_ORIGIN || typeof event.data !== 'string') return;
      try {
        const data = JSON.parse(event.data) as { event?: string; result?: TelegramUser };
        if (data.event === 'auth_result' && data.result) finish(() => resolve(data.result!));
      } catch {
        // Other messages from that origin are not ours.
      }
    };
    const finish = (done: () => void) => {
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      done();
    };
    window.addEventListener('message', onMessage);
  });
}

export function telegramSignIn(options: {
  botId: string;
  promotionCode?: string;
  locale: string;
}): SignInMethod {
  let user: TelegramUser | null = null;
  return async (twoFactorCode) => {
    user ??= await telegramPopup(options.botId);
    return authApi.telegram(
      {
        telegramId: String(user.id),
        telegramUser: user.username,
        name: user.first_name,
        lastName: user.last_name,
        photoUrl: user.photo_url,
        authDate: user.auth_date,
        hash: user.hash,
        promotionCode: options.promotionCode,
        twoFactorCode,
      },
      options.locale,
    );
  };
}
