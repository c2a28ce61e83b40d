'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { playerApi } from '@/lib/api/auth';
import { usePathname } from '@/lib/i18n/navigation';

/** Track current route (spec §7): the full address on every path change; failures are ignored. */
export function RouteTracker() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  useEffect(() => {
    void playerApi.trackRoute(window.location.href.slice(0, 2000)).catch(() => undefined);
  }, [pathname, query]);
  return null;
}
