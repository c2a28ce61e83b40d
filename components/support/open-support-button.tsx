'use client';

import { useTranslations } from 'next-intl';
import { useShell } from '@/components/layout/shell-context';
import buttons from '@/components/ui/shell-button.module.css';

/** The help pages' way into live support: the same panel the bottom bar and the user menu open. */
export function OpenSupportButton({ className }: { className?: string }) {
  const t = useTranslations('support');
  const { setSupportOpen } = useShell();
  return (
    <button
      type="button"
      className={[buttons.header, className].filter(Boolean).join(' ')}
      onClick={() => setSupportOpen(true)}
      aria-haspopup="dialog"
    >
      {t('openChat')}
    </button>
  );
}
