'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { LanguagePicker } from '@/components/language/language-picker';
import { useSettings } from '@/components/settings/settings-context';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import buttons from '@/components/ui/shell-button.module.css';
import { UtcClock } from '../utc-clock';
import styles from './nav.module.css';
import { NavVertical } from './nav-vertical';

// Tooltips (and Popper) only for players who chose the mini menu.
const NavMini = dynamic(() => import('./nav-mini').then((m) => m.NavMini));

/** The desktop side menu, vertical (260) or mini (88); the toggle is remembered with the settings. */
export function Sidebar() {
  const t = useTranslations('nav');
  const { settings, update } = useSettings();
  const mini = settings.themeLayout === 'mini';

  return (
    <aside
      className={styles.sidebar}
      data-testid="sidebar"
      data-layout={mini ? 'mini' : 'vertical'}
    >
      <div className={styles.toggleRow}>
        <button
          type="button"
          className={`${buttons.iconSmall} ${styles.flip}`}
          aria-label={mini ? t('expandMenu') : t('collapseMenu')}
          onClick={() => update({ themeLayout: mini ? 'vertical' : 'mini' })}
          data-testid="sidebar-toggle"
        >
          <SpriteIcon name={mini ? 'chevron-right' : 'chevron-left'} size={20} />
        </button>
      </div>
      <div className={styles.scroll}>{mini ? <NavMini /> : <NavVertical />}</div>
      <div className={styles.foot}>
        <LanguagePicker testId="menu-language-picker" />
        <UtcClock />
      </div>
    </aside>
  );
}
