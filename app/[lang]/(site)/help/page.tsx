import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { getHelpArticles } from '@/lib/content';
import { helpCategories } from '@/lib/content/page-schemas';
import { pageLocale } from '@/lib/i18n/page-locale';
import { localizedPath } from '@/lib/seo/metadata';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { helpQuery, searchHelp } from '@/lib/site/help-search';
import { HelpArticleList } from '@/components/help/help-article-list';
import { HelpSearchForm } from '@/components/help/help-search-form';
import { PageHeading } from '@/components/page/page-heading';
import { OpenSupportButton } from '@/components/support/open-support-button';
import { ButtonLink } from '@/components/ui/button-link';
import page from '@/components/page/page.module.css';
import styles from '@/components/help/help.module.css';

type Props = {
  params: Promise<{ lang: string }>;
  searchParams: Promise<{ q?: string | string[] }>;
};

/** Search results are not indexed (robots: no search results); the help centre itself is. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const metadata = await pageMetadata(params, '/help', 'help');
  return helpQuery((await searchParams).q) ? { ...metadata, robots: { index: false } } : metadata;
}

/**
 * The help centre, localized: search, then the articles by category. With HELP_GITBOOK_URL set it
 * also links to the operator's GitBook in the language.
 */
export default async function HelpPage({ params, searchParams }: Props) {
  const lang = await pageLocale(params);
  const query = helpQuery((await searchParams).q);
  const [t, tInfo, articles] = await Promise.all([
    getTranslations('help'),
    getTranslations('info.help'),
    getHelpArticles(lang),
  ]);
  const gitbook = config.HELP_GITBOOK_URL?.replace('{lang}', lang);
  const results = query ? searchHelp(articles, query) : null;
  return (
    <div className={page.container} data-testid="help-page">
      <PageHeading title={tInfo('title')} intro={tInfo('intro')}>
        <OpenSupportButton className={page.alignStart} />
        {gitbook && (
          <ButtonLink
            href={gitbook}
            target="_blank"
            rel="noopener noreferrer"
            variant="header"
            className={page.alignStart}
            data-testid="gitbook-link"
          >
            {tInfo('gitbook')}
          </ButtonLink>
        )}
      </PageHeading>
      <HelpSearchForm action={localizedPath(lang, '/help')} query={query} />
      {results ? (
        <section
          className={styles.results}
          aria-labelledby="help-results"
          data-testid="help-results"
        >
          <h2 id="help-results" className={page.sectionTitle}>
            {t('resultsFor', { query })}
          </h2>
          {results.length > 0 ? (
            <HelpArticleList articles={results} />
          ) : (
            <p className={page.intro}>{t('noResults', { query })}</p>
          )}
        </section>
      ) : (
        <div className={styles.categories}>
          {helpCategories.map((category) => {
            const inCategory = articles.filter((a) => a.category === category);
            if (inCategory.length === 0) return null;
            return (
              <section
                key={category}
                className={styles.category}
                aria-labelledby={`help-${category}`}
              >
                <h2 id={`help-${category}`} className={styles.categoryTitle}>
                  {t(`category.${category}`)}
                </h2>
                <HelpArticleList articles={inCategory} />
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
