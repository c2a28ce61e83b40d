'use client';

import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslations } from 'next-intl';
import { Link as IntlLink, usePathname } from '@/lib/i18n/navigation';
import { accountHref, accountPages } from '@/lib/site/paths';

/** The account pages' own menu, in their shared layout: the page open is the one the address names. */
export function AccountNav() {
  const t = useTranslations('account');
  const pathname = usePathname();
  const current = accountPages.find((page) => pathname === accountHref(page))?.key;
  return (
    <nav aria-label={t('navLabel')}>
      <List dense component="div">
        {accountPages.map((page) => (
          <ListItemButton
            key={page.key}
            component={IntlLink}
            href={accountHref(page)}
            selected={page.key === current}
            aria-current={page.key === current ? 'page' : undefined}
            sx={{ borderRadius: 1 }}
          >
            <ListItemText primary={t(`pages.${page.key}`)} />
          </ListItemButton>
        ))}
      </List>
    </nav>
  );
}
