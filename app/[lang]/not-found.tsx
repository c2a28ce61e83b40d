import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { isBare404Path } from '@/lib/site/paths';
import styles from '@/components/page/status-page.module.css';
import { ButtonLink } from '@/components/ui/button-link';

/** Unknown paths: the localized not-found page. A path containing 404: only the title (spec §2). */
export default async function LocaleNotFound() {
  const [t, headerStore] = await Promise.all([getTranslations('notFound'), headers()]);
  const bare = isBare404Path(headerStore.get('x-pathname') ?? '');
  return (
    <main className={styles.page} data-testid={bare ? 'bare-404' : 'not-found'}>
      <div className={styles.body}>
        <h1 className={styles.title}>{t('title')}</h1>
        {!bare && (
          <>
            <p className={styles.text}>{t('description')}</p>
            <ButtonLink variant="header" href="/">
              {t('backHome')}
            </ButtonLink>
          </>
        )}
      </div>
    </main>
  );
}
