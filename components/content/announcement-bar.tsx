import { getTranslations } from 'next-intl/server';
import type { ExtraConfiguration } from '@/lib/content';
import { contentLink } from '@/lib/content/links';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import styles from './announcement-bar.module.css';

/**
 * The operator's site-wide announcement (extra configuration): maintenance, a promotion. Rendered
 * on the server at the top of every page while it is set; its link follows the content link rule.
 */
export async function AnnouncementBar({
  announcement,
}: {
  announcement: ExtraConfiguration['announcement'];
}) {
  if (!announcement) return null;
  const t = await getTranslations('announcement');
  const link = contentLink(announcement.link);
  return (
    <aside
      className={`${styles.bar} ${announcement.tone === 'warning' ? styles.warning : styles.info}`}
      aria-label={t('label')}
      data-testid="announcement"
    >
      <span>{announcement.message}</span>
      {link?.kind === 'site' && (
        <IntlLink href={link.href} className={styles.link}>
          {t('more')}
        </IntlLink>
      )}
      {link && link.kind !== 'site' && (
        <a
          href={link.href}
          className={styles.link}
          {...(link.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {t('more')}
        </a>
      )}
    </aside>
  );
}
