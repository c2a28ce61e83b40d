'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { isMenuItemActive, menuForRole, menuGroups, type MenuItem } from '@/lib/site/menu';
import { useSession } from '@/components/session/session-context';
import { useNotify } from '@/components/layout/notice-context';
import { useShell } from '@/components/layout/shell-context';

/** What every menu layout needs: the items the current role sees, which is active, and clicks. */
export function useNav() {
  const t = useTranslations('nav');
  const { role } = useSession();
  const pathname = usePathname();
  const search = useSearchParams();
  const notify = useNotify();
  const { setSupportOpen, setNavOpen } = useShell();
  const params = new URLSearchParams(search.toString());

  const isActive = (item: MenuItem): boolean =>
    isMenuItemActive(item, pathname, params) ||
    Boolean(item.children?.some((child) => isMenuItemActive(child, pathname, params)));

  /** Racing says 'coming soon' and stays put; live support opens its panel. */
  const onItemClick = (item: MenuItem) => (event: MouseEvent) => {
    if (item.comingSoon) {
      event.preventDefault();
      notify(t('comingSoon'));
      return;
    }
    if (item.action === 'support') {
      event.preventDefault();
      setSupportOpen(true);
    }
    setNavOpen(false);
  };

  return { groups: menuForRole(menuGroups, role), isActive, onItemClick, t };
}
