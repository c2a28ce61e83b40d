import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { secretMatches } from '@/lib/security/secret-match';
import { localizedJsonError } from '@/lib/site/json-error';
import { safeReturnPath } from '@/lib/site/safe-return';

/**
 * The editors' preview link (Strapi 5's preview button): `?secret=<PREVIEW_SECRET>&url=<site
 * path>` turns Next's draft mode on and opens the page, which then reads drafts (status=draft).
 * `status=published` (Strapi's "published" tab) turns it off again. The address is a site path
 * only, through the sign-in's safe-return check; off (404) without the secret configured.
 */
export async function GET(request: Request) {
  if (!config.PREVIEW_SECRET) return localizedJsonError(request, 404, 'NOT_FOUND', 'notFound');
  const params = new URL(request.url).searchParams;
  if (!secretMatches(params.get('secret'), config.PREVIEW_SECRET)) {
    return localizedJsonError(request, 401, 'UNAUTHORIZED', 'previewSecret');
  }
  const path = safeReturnPath(params.get('url'), '');
  if (!path) return localizedJsonError(request, 400, 'VALIDATION_ERROR', 'previewUrl');
  const draft = await draftMode();
  if (params.get('status') === 'published') draft.disable();
  else draft.enable();
  redirect(path);
}
