import { getTranslations } from 'next-intl/server';
import styles from '@/components/page/status-page.module.css';
import { ButtonLink } from '@/components/ui/button-link';

/**
 * The localized 404. Inside the shell (header, side menu, search stay): the title, a line and the
 * way home. Bare (a path containing 404, spec §2): a full-screen page with only the title. `page`:
 * the same as in the shell, as a page of its own (the rare 404 outside the site's pages).
 */
export async function NotFoundView({
  bare = false,
  page = false,
}: {
  bare?: boolean;
  page?: boolean;
}) {
  const t = await getTranslations('notFound');
  if (bare) {
    return (
      <main className={styles.page} data-testid="bare-404">
        <div className={styles.body}>
          <h1 className={styles.title}>{t('title')}</h1>
        </div>
      </main>
    );
  }
  const body = (
    <div className={styles.body}>
      <h1 id="not-found-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.text}>{t('description')}</p>
      <ButtonLink variant="header" href="/">
        {t('backHome')}
      </ButtonLink>
    </div>
  );
  if (page) {
    return (
      <main className={styles.page} data-testid="not-found">
        {body}
      </main>
    );
  }
  // The shell already has the page's <main>: this is a section of it.
  return (
    <section className={styles.inShell} data-testid="not-found" aria-labelledby="not-found-title">
      {body}
    </section>
  );
}
