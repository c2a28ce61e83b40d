'use client';

import { useTranslations } from 'next-intl';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { authTabs } from '@/lib/site/modals';
import { markModalOpenedInApp, useModalHref } from '@/components/modals/use-modal';
import buttons from '@/components/ui/shell-button.module.css';
import styles from './header.module.css';

/** Signed out: sign in (tab=1) and sign up (tab=2), real links to the auth modal's address. */
export function AuthButtons() {
  const t = useTranslations('auth');
  const hrefFor = useModalHref();
  return (
    <div className={styles.group}>
      <IntlLink
        className={`${buttons.secondary} ${buttons.compact}`}
        href={hrefFor('auth', { tab: authTabs.signIn })}
        scroll={false}
        onClick={markModalOpenedInApp}
        data-testid="sign-in-button"
      >
        {t('signIn')}
      </IntlLink>
      <IntlLink
        className={`${buttons.header} ${buttons.compact}`}
        href={hrefFor('auth', { tab: authTabs.signUp })}
        scroll={false}
        onClick={markModalOpenedInApp}
        data-testid="sign-up-button"
      >
        {t('signUp')}
      </IntlLink>
    </div>
  );
}
