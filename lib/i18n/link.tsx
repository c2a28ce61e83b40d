'use client';

import { forwardRef, useState, type ComponentProps, type SyntheticEvent } from 'react';
import { LocaleLink } from './navigation-base';

type Props = ComponentProps<typeof LocaleLink>;

/**
 * next-intl's Link that prefetches on intent (pointer over it, touch, keyboard focus) instead of
 * on sight. A phone's first screen shows twenty links (bottom bar, tabs, sign-in buttons); each
 * prefetched at load was a server render and main-thread work while the page was still
 * hydrating. An explicit `prefetch` keeps its own meaning.
 */
export const Link = forwardRef<HTMLAnchorElement, Props>(function Link(
  { prefetch, onPointerEnter, onTouchStart, onFocus, ...props },
  ref,
) {
  const [intent, setIntent] = useState(false);
  const onIntent = prefetch === undefined && !intent ? () => setIntent(true) : undefined;
  const withIntent =
    <E extends SyntheticEvent<HTMLAnchorElement>>(handler?: (event: E) => void) =>
    (event: E) => {
      onIntent?.();
      handler?.(event);
    };
  return (
    <LocaleLink
      ref={ref}
      prefetch={prefetch !== undefined ? prefetch : intent ? null : false}
      onPointerEnter={withIntent(onPointerEnter)}
      onTouchStart={withIntent(onTouchStart)}
      onFocus={withIntent(onFocus)}
      {...props}
    />
  );
});
