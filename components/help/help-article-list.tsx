import type { HelpArticle } from '@/lib/content';
import { Link } from '@/lib/i18n/navigation';
import styles from './help.module.css';

/** Articles as links with their one-line summaries. */
export function HelpArticleList({ articles }: { articles: HelpArticle[] }) {
  return (
    <ul className={styles.list}>
      {articles.map((a) => (
        <li key={a.slug} data-testid="help-article-link">
          <Link href={`/help/${a.slug}`} className={styles.articleLink}>
            {a.title}
          </Link>
          <p className={styles.summary}>{a.summary}</p>
        </li>
      ))}
    </ul>
  );
}
