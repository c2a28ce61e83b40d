'use client';

import { useTranslations } from 'next-intl';
import { useShell } from '@/components/layout/shell-context';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import buttons from '@/components/ui/shell-button.module.css';
import styles from './header.module.css';

/** Opens the side menu's drawer where the screen is too narrow to keep it open. */
export function MenuButton() {
  const t = useTranslations('nav');
  const { setNavOpen } = useShell();
  return (
    <button
      type="button"
      className={`${buttons.icon} ${styles.menuButton}`}
      aria-label={t('openMenu')}
      onClick={() => setNavOpen(true)}
      data-testid="menu-button"
    >
      <SpriteIcon name="menu" />
    </button>
  );
}
