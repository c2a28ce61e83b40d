import { getTranslations } from 'next-intl/server';
import styles from './preview-bar.module.css';

/**
 * Shown on every page an editor opens in draft mode (Strapi's preview): drafts are on screen, so
 * it says so, and its link turns draft mode off on the same page. A server component: no script.
 */
export async function PreviewBar({ path }: { path: string }) {
  const t = await getTranslations('preview');
  return (
    <aside className={styles.bar} aria-label={t('label')}>
      <strong>{t('notPublished')}</strong>
      <a className={styles.exit} href={`/api/draft/exit?url=${encodeURIComponent(path)}`}>
        {t('exit')}
      </a>
    </aside>
  );
}
