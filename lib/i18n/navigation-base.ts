import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** next-intl's navigation for this site's routing; `Link` is wrapped in `./link` (prefetch on intent). */
export const {
  Link: LocaleLink,
  redirect,
  usePathname,
  useRouter,
  getPathname,
} = createNavigation(routing);
