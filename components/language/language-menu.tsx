'use client';

import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useLocale, useTranslations } from 'next-intl';
import type { Language } from '@/lib/schemas/config';
import { Flag } from './flag';

type Props = {
  id: string;
  anchor: HTMLElement | null;
  languages: Language[] | undefined;
  failed: boolean;
  onClose: () => void;
  onChoose: (code: string) => void;
};

/** The picker's list, loaded the first time it opens. */
export function LanguageMenu({ id, anchor, languages, failed, onClose, onChoose }: Props) {
  const t = useTranslations('languagePicker');
  const locale = useLocale();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {failed && <MenuItem disabled>{t('loadFailed')}</MenuItem>}
      {languages?.map((language) => (
        <MenuItem
          key={language.abbreviatedCode}
          selected={language.abbreviatedCode === locale}
          lang={language.abbreviatedCode}
          onClick={() => onChoose(language.abbreviatedCode)}
        >
          <ListItemIcon>
            <Flag src={language.flag} size={16} />
          </ListItemIcon>
          <ListItemText>{language.nameOfTheLanguage}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
