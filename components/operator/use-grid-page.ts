'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';

/** The page sizes a room's grid offers (the free data grid stops at 100 rows a page). */
export const PAGE_SIZES = [25, 50, 100];

/**
 * A room's grid page in its address (`page`, `size`) beside the room's own filters, so a view can be
 * shared with a colleague. `go` replaces the address; a filter change starts again at page 0.
 */
export function useGridPage() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const size = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(size) ? size : PAGE_SIZES[0]!;
  const page = Math.max(0, Math.min(10_000, Math.floor(Number(params.get('page')) || 0)));
  const go = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    // An opened case or dialog (`case`, `compose`) is not a filter: the page stays.
    const filterChanged = Object.keys(changes).some(
      (k) => !['page', 'size', 'case', 'compose', 'player'].includes(k),
    );
    if (filterChanged) next.set('page', '0');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    router.replace(`${pathname}?${next}`, { scroll: false });
  };
  return { params, page, pageSize, go };
}
