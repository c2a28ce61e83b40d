'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/** Translates a shared schema's message key (validation namespace); unknown text passes through. */
export function useValidationText() {
  const t = useTranslations('validation');
  return useCallback(
    (key: string | undefined) => (key ? (t.has(key as never) ? t(key as never) : key) : undefined),
    [t],
  );
}
