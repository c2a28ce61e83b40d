'use client';

import { useMessages, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { isKeyOf } from '@/lib/i18n/message-keys';

/** Translates a shared schema's message key (validation namespace); unknown text passes through. */
export function useValidationText() {
  const t = useTranslations('validation');
  const { validation } = useMessages();
  return useCallback(
    (key: string | undefined) => (key ? (isKeyOf(validation, key) ? t(key) : key) : undefined),
    [t, validation],
  );
}
