import 'server-only';
import type { Locale } from '@/lib/i18n/locales';
import { DeviceTag } from './device';
import { clientAddress } from './rate-limit';
import { requestLocale } from './locale';

/**
 * What domain functions may know about the request that reached them: who called from where, in
 * which language. They take this instead of the raw `Request`, so nothing below the route reads a
 * header the proxy did not vouch for.
 */
export type RequestMeta = {
  ip: string;
  userAgent: string | null;
  locale: Locale;
  /** The browser's device id (see DeviceTag): read by sign-ins only. */
  device?: DeviceTag;
};

export function requestMeta(request: Request): RequestMeta {
  return {
    ip: clientAddress(request),
    userAgent: request.headers.get('user-agent'),
    locale: requestLocale(request),
    device: new DeviceTag(request),
  };
}
