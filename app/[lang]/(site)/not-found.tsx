import { headers } from 'next/headers';
import { isBare404Path } from '@/lib/site/paths';
import { NotFoundView } from '@/components/page/not-found-view';

/**
 * Unknown paths (the catch-all beside it) and pages that find nothing (a game, a promotion): the
 * localized 404 inside the shell, so the header, side menu and search stay at hand. A path
 * containing 404 reached by an in-app navigation gets the bare title (the shell steps aside).
 */
export default async function SiteNotFound() {
  const bare = isBare404Path((await headers()).get('x-pathname') ?? '');
  return <NotFoundView bare={bare} />;
}
