import { forwardRef, type ComponentProps } from 'react';

/**
 * next-intl's Link as a plain anchor, for component tests (jest.mock factories require it):
 * `scroll` is a router option, not an attribute.
 */
export const PlainLink = forwardRef<
  HTMLAnchorElement,
  ComponentProps<'a'> & { href: unknown; scroll?: boolean }
>(function Link({ href, scroll, ...anchor }, ref) {
  void scroll;
  return <a ref={ref} href={String(href)} {...anchor} />;
});
