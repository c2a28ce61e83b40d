import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getHelpArticles, getSiteConfiguration } from '@/lib/content';
import type { Locale } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { ArticleTextView } from '@/components/content/article-text';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { HelpArticleList } from '@/components/help/help-article-list';
import { JsonLd } from '@/components/seo/json-ld';
import { OpenSupportButton } from '@/components/support/open-support-button';
import article from '@/components/content/article.module.css';
import page from '@/components/page/page.module.css';
import styles from '@/components/help/help.module.css';

type Props = { params: Promise<{ lang: string; slug: string }> };

async function findArticle(lang: Locale, slug: string) {
  const articles = await getHelpArticles(lang);
  const found = articles.find((a) => a.slug === slug);
  return found ? { found, articles } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const hit = await findArticle(lang, slug);
  if (!hit) return {};
  return siteMetadata(lang, await getSiteConfiguration(lang), `/help/${slug}`, {
    title: hit.found.title,
    description: hit.found.summary,
    type: 'article',
  });
}

/** A help article: its text, its questions and answers (also as FAQ data), and its neighbours. */
export default async function HelpArticlePage({ params }: Props) {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const hit = await findArticle(lang, slug);
  if (!hit) notFound();
  const { found, articles } = hit;
  const [t, tPages] = await Promise.all([getTranslations('help'), getTranslations('pages')]);
  const related = articles.filter((a) => a.category === found.category && a.slug !== slug);
  return (
    <div className={page.container} data-testid="help-article">
      <Breadcrumbs
        locale={lang}
        items={[
          { name: tPages('help'), path: '/help' },
          { name: found.title, path: `/help/${slug}` },
        ]}
      />
      <div className={page.heading}>
        <h1 className={page.title}>{found.title}</h1>
        <p className={page.intro}>{found.summary}</p>
        <OpenSupportButton className={page.alignStart} />
      </div>
      <div className={article.layout}>
        <div>
          <ArticleTextView blocks={found.body} />
          {found.faq.length > 0 && (
            <section className={styles.faq} aria-labelledby="help-faq">
              <h2 id="help-faq" className={page.sectionTitle}>
                {t('faq')}
              </h2>
              {found.faq.map((f) => (
                <div key={f.question}>
                  <h3 className={styles.question}>{f.question}</h3>
                  <p className={styles.answer}>{f.answer}</p>
                </div>
              ))}
              <JsonLd
                data={{
                  '@type': 'FAQPage',
                  mainEntity: found.faq.map((f) => ({
                    '@type': 'Question',
                    name: f.question,
                    acceptedAnswer: { '@type': 'Answer', text: f.answer },
                  })),
                }}
              />
            </section>
          )}
        </div>
        {related.length > 0 && (
          <aside className={article.aside} aria-labelledby="help-related">
            <h2 id="help-related" className={styles.categoryTitle}>
              {t('related')}
            </h2>
            <HelpArticleList articles={related} />
          </aside>
        )}
      </div>
    </div>
  );
}
