'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { reportError } from '@/lib/api/error-log';
import styles from '@/components/page/status-page.module.css';
import { ButtonLink } from '@/components/ui/button-link';
import buttons from '@/components/ui/shell-button.module.css';

type Props = { error: Error & { digest?: string }; reset: () => void };

/** Any unhandled interface error: a full-screen 'something went wrong', and a report to the Error log. */
export default function LocaleError({ error, reset }: Props) {
  const t = useTranslations('errorPage');
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <main className={styles.page} data-testid="error-page">
      <div className={styles.body}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.text}>{t('message')}</p>
        <div className={styles.actions}>
          <button type="button" className={buttons.header} onClick={reset}>
            {t('retry')}
          </button>
          <ButtonLink variant="headerSecondary" href="/">
            {t('home')}
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
