import { headers } from 'next/headers';
import { isBare404Path } from '@/lib/site/paths';
import { NotFoundView } from '@/components/page/not-found-view';

/**
 * A 404 outside the site's pages: a path containing 404 (the site's layout sends those here) gets
 * only the localized title, full screen (spec §2). Unknown paths have their 404 inside the shell
 * ((site)/not-found.tsx). Not the shell here: Next sends every page this boundary's markup in its
 * payload, and a second shell there doubled the HTML of every page.
 */
export default async function LocaleNotFound() {
  const bare = isBare404Path((await headers()).get('x-pathname') ?? '');
  return <NotFoundView bare={bare} page={!bare} />;
}
