'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useTransition } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/locales';
import { useSettings } from '@/components/settings/settings-context';

/** Switches language on the same page, keeping its query string, and remembers the choice. */
export function useSwitchLanguage() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const { update } = useSettings();
  const [pending, startTransition] = useTransition();

  const switchTo = useCallback(
    (code: string) => {
      if (!isLocale(code)) return;
      update({ language: code });
      const query = searchParams.toString();
      startTransition(() => {
        router.replace(query ? `${pathname}?${query}` : pathname, { locale: code });
      });
    },
    [pathname, router, searchParams, update],
  );

  return { switchTo, pending };
}
