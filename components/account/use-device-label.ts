'use client';

import { useTranslations } from 'next-intl';
import type { AccountSession } from '@/lib/schemas/security';

/** "Chrome on Windows", or whichever half is known, or the unknown-device text. */
export function useDeviceLabel() {
  const t = useTranslations('security');
  return ({ browser, os }: Pick<AccountSession, 'browser' | 'os'>) =>
    browser && os ? t('deviceOn', { browser, os }) : (browser ?? os ?? t('unknownDevice'));
}
