'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import buttons from '@/components/ui/shell-button.module.css';
import hidden from '@/components/ui/visually-hidden.module.css';
import { Flag } from './flag';
import styles from './language-picker.module.css';
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
      <button
        type="button"
        className={`${buttons.tertiary} ${styles.picker}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={pending}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        data-testid={testId}
      >
        <Flag src={current?.flag} size={16} />
        {/* The name starts with what the button shows (WCAG 2.5.3 label in name): "en Choose language". */}
        <span className={`${buttons.fromSm} ${styles.code}`}>{locale}</span>
        <span className={hidden.visuallyHidden}> {t('label')}</span>
      </button>
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
