'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Flag } from './flag';
import { useLanguages } from './use-languages';
import { useSwitchLanguage } from './use-switch-language';

const LanguageMenu = dynamic(() => import('./language-menu').then((m) => m.LanguageMenu), {
  ssr: false,
});

/** Header language picker: the Languages config list; choosing one keeps the page and its query. */
export function LanguagePicker({ testId = 'language-picker' }: { testId?: string }) {
  const t = useTranslations('languagePicker');
  const locale = useLocale();
  const { data: languages, isError } = useLanguages();
  const { switchTo, pending } = useSwitchLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
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
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        data-testid={testId}
        sx={{ minWidth: { xs: 40, sm: 64 }, px: { xs: 1, sm: 2 } }}
      >
        <Flag src={current?.flag} size={16} />
        <Box
          component="span"
          sx={{ ml: 1, textTransform: 'uppercase', display: { xs: 'none', sm: 'inline' } }}
        >
          {locale}
        </Box>
      </Button>
      {opened && (
        <LanguageMenu
          id={menuId}
          anchor={anchor}
          languages={languages}
          failed={isError}
          onClose={() => setAnchor(null)}
          onChoose={(code) => {
            setAnchor(null);
            switchTo(code);
          }}
        />
      )}
    </>
  );
}
