'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import buttons from '@/components/ui/shell-button.module.css';
import { useSettings } from './settings-context';

// The drawer's code loads the first time a player opens it.
const SettingsDrawer = dynamic(() => import('./settings-drawer').then((m) => m.SettingsDrawer), {
  ssr: false,
});

/** Opens the display settings; `className` lets the header hide it where the phone menu offers it. */
export function SettingsButton({
  className,
  testId = 'settings-button',
}: {
  className?: string;
  testId?: string;
}) {
  const t = useTranslations('header');
  const { drawerOpen, setDrawerOpen } = useSettings();
  return (
    <>
      <button
        type="button"
        className={className ? `${buttons.icon} ${className}` : buttons.icon}
        aria-label={t('openSettings')}
        onClick={() => setDrawerOpen(true)}
        data-testid={testId}
      >
        <SpriteIcon name="settings" size={22} />
      </button>
      {drawerOpen && <SettingsDrawer />}
    </>
  );
}
