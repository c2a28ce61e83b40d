'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useLanguages } from './use-languages';
import { useSwitchLanguage } from './use-switch-language';

/** Header language picker: the Languages config list; choosing one keeps the page and its query. */
export function LanguagePicker() {
  const t = useTranslations('languagePicker');
  const locale = useLocale();
  const { data: languages, isError } = useLanguages();
  const { switchTo, pending } = useSwitchLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = languages?.find((l) => l.abbreviatedCode === locale);

  return (
    <>
      <Button
        variant="headerTerciary"
        aria-label={t('label')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={pending}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="language-picker"
      >
        <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
          {current?.flag ?? '🌐'}
        </Box>
        <Box component="span" sx={{ ml: 1, textTransform: 'uppercase', display: { xs: 'none', sm: 'inline' } }}>
          {locale}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {isError && <MenuItem disabled>{t('loadFailed')}</MenuItem>}
        {languages?.map((language) => (
          <MenuItem
            key={language.abbreviatedCode}
            selected={language.abbreviatedCode === locale}
            lang={language.abbreviatedCode}
            onClick={() => {
              setAnchor(null);
              switchTo(language.abbreviatedCode);
            }}
          >
            <ListItemIcon aria-hidden sx={{ fontSize: 20 }}>
              {language.flag}
            </ListItemIcon>
            <ListItemText>{language.nameOfTheLanguage}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
