export { redirect, usePathname, useRouter, getPathname } from './navigation-base';
export { Link } from './link';
