'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useShell } from '@/components/layout/shell-context';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import buttons from '@/components/ui/shell-button.module.css';
import styles from './header.module.css';

/** The header's search button; Cmd+K / Ctrl+K opens the same dialog from anywhere (spec §2). */
export function SearchButton() {
  const t = useTranslations('search');
  const { setSearchOpen } = useShell();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSearchOpen]);

  return (
    <button
      type="button"
      className={`${buttons.secondary} ${styles.search}`}
      onClick={() => setSearchOpen(true)}
      aria-label={t('open')}
      aria-keyshortcuts="Meta+K Control+K"
      data-testid="search-button"
    >
      <SpriteIcon name="search" size={20} />
      <span className={buttons.fromMd}>{t('placeholder')}</span>
    </button>
  );
}
