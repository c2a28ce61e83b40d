import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { Link } from '@/lib/i18n/navigation';
import { absoluteUrl } from '@/lib/seo/metadata';
import { JsonLd } from '@/components/seo/json-ld';
import styles from './article.module.css';

export type Crumb = { name: string; path: string };

/** The trail above an article, and the same trail as BreadcrumbList data for search engines. */
export async function Breadcrumbs({ locale, items }: { locale: Locale; items: Crumb[] }) {
  const t = await getTranslations('content');
  const trail = [{ name: t('home'), path: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumbs')}>
      <ol className={styles.breadcrumbs}>
        {trail.map((c, i) => (
          <li key={c.path}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{c.name}</span>
            ) : (
              <Link href={c.path}>{c.name}</Link>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          '@type': 'BreadcrumbList',
          itemListElement: trail.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: c.name,
            item: absoluteUrl(locale, c.path),
          })),
        }}
      />
    </nav>
  );
}
