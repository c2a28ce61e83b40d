'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useEffect, useRef } from 'react';
import { playerApi } from '@/lib/api/auth';
import { DEFAULT_CURRENCY, writeCurrency } from '@/lib/api/token-store';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { AUTH_UPDATE_EVENT } from './session-events';

/**
 * auth-update (spec §4): after a sign-in, language and currency follow the player's settings and the
 * path takes that language's prefix. While the sign-in modal is still open its closing navigation
 * would undo the switch, so the switch waits until the address has no modal.
 */
export function LanguageFollower() {
  const locale = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  const pending = useRef<Locale | null>(null);

  const follow = (language: Locale) => {
    pending.current = null;
    router.replace(`${pathname}${window.location.search}`, { locale: language });
  };
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  });

  useEffect(() => {
    const onUpdate = () => {
      playerApi
        .currentUser()
        .then((user) => {
          writeCurrency(user.settings.view_in_fiat_object.currency || DEFAULT_CURRENCY);
          const language = user.settings.language;
          if (!isLocale(language) || language === locale) return;
          if (new URLSearchParams(window.location.search).has('modal')) pending.current = language;
          else followRef.current(language);
        })
        .catch(() => undefined);
    };
    window.addEventListener(AUTH_UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(AUTH_UPDATE_EVENT, onUpdate);
  }, [locale]);

  // The modal closed: the waiting switch goes now.
  const modalOpen = search.has('modal');
  useEffect(() => {
    if (!modalOpen && pending.current) followRef.current(pending.current);
  }, [modalOpen]);

  return null;
}
