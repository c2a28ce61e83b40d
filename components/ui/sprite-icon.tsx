import type { MenuIcon } from '@/lib/site/menu';

/** Icons in public/icons/sprite.svg (scripts/build-icon-sprite.mjs). */
export type SpriteIconName =
  | 'telegram'
  | 'x'
  | 'youtube'
  | 'instagram'
  | 'facebook'
  | 'link'
  | 'expand-more'
  | 'favorite'
  | 'favorite-border'
  | 'menu'
  | 'search'
  | 'settings'
  | 'chevron-left'
  | 'chevron-right'
  | 'expand-less'
  | MenuIcon;

/**
 * A Material icon drawn from the cached sprite: a few bytes of markup instead of the icon's path,
 * and no client component. Decorative: the control around it carries the name.
 */
export function SpriteIcon({
  name,
  size = 24,
  className,
}: {
  name: SpriteIconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      fill="currentColor"
      className={className}
    >
      <use href={`/icons/sprite.svg#${name}`} />
    </svg>
  );
}
