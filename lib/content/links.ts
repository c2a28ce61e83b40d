import { safeReturnPath } from '@/lib/site/safe-return';

export type ContentLink =
  /** Another site: opens in a new tab without an opener. */
  | { kind: 'external'; href: string }
  /** mailto: or tel: — handed to the device. */
  | { kind: 'contact'; href: string }
  /** A path on this site (the language prefix is added by the site's Link). */
  | { kind: 'site'; href: string };

/**
 * The only links an editor's content may carry: `http(s):`, `mailto:`, `tel:` and site paths.
 * Anything else — `javascript:`, `data:`, `//other.site`, `/\other.site` — is no link at all, and
 * the text is shown without one. Checked where content is parsed and again where it is drawn.
 */
export function contentLink(value: string | null | undefined): ContentLink | null {
  const href = value?.trim() ?? '';
  if (!href) return null;
  if (/^https?:\/\//i.test(href)) {
    try {
      const url = new URL(href);
      return url.protocol === 'http:' || url.protocol === 'https:'
        ? { kind: 'external', href }
        : null;
    } catch {
      return null;
    }
  }
  if (/^(mailto|tel):[^\s]+$/i.test(href)) return { kind: 'contact', href };
  if (href.startsWith('/')) {
    const path = safeReturnPath(href, '');
    return path ? { kind: 'site', href: path } : null;
  }
  return null;
}
