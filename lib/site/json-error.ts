import { createTranslator } from 'next-intl';
import type { KeyIn } from '@/lib/i18n/message-keys';
import { requestLocale } from '@/lib/i18n/request-locale';

/** A site route's refusal in the API's shape (`{ code, error: { message } }`), never cached. */
export const jsonError = (status: number, code: string, message: string) =>
  Response.json({ code, error: { message } }, { status, headers: { 'cache-control': 'no-store' } });

/** The same, its message under `contentService` in the caller's language (Accept-Language). */
export async function localizedJsonError(
  request: Request,
  status: number,
  code: string,
  key: KeyIn<'contentService'>,
) {
  const locale = requestLocale(request);
  const messages = (await import(`../../messages/${locale}.json`)).default;
  const t = createTranslator({ locale, messages, namespace: 'contentService' });
  return jsonError(status, code, t(key));
}
