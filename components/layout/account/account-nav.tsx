'use client';

import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslations } from 'next-intl';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { accountHref, accountPages, type AccountPageKey } from '@/lib/navigation/paths';

/** The account pages' own menu. */
export function AccountNav({ current }: { current: AccountPageKey }) {
  const t = useTranslations('account');
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
