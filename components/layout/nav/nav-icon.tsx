import type { MenuIcon } from '@/lib/site/menu';
import { SpriteIcon } from '@/components/ui/sprite-icon';

/** A menu item's icon, from the cached sprite (20 px, like MUI's small icons). */
export function NavIcon({ name, size = 20 }: { name?: MenuIcon; size?: number }) {
  if (!name) return null;
  return <SpriteIcon name={name} size={size} />;
}
