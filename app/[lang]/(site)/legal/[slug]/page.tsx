import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { getLegalPage, getSiteConfiguration } from '@/lib/content';
import { legalSlugs, type LegalSlug } from '@/lib/content/page-schemas';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { ArticleTextView } from '@/components/content/article-text';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import article from '@/components/content/article.module.css';
import page from '@/components/page/page.module.css';

type Props = { params: Promise<{ lang: string; slug: string }> };

const isLegalSlug = (slug: string): slug is LegalSlug =>
  (legalSlugs as readonly string[]).includes(slug);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const legal = isLegalSlug(slug) ? await getLegalPage(lang, slug) : null;
  if (!legal) return {};
  return siteMetadata(lang, await getSiteConfiguration(lang), `/legal/${slug}`, {
    title: legal.title,
  });
}

/** Terms, privacy, responsible gaming and the AML/KYC policy, as the operator's editors keep them. */
export default async function LegalPage({ params }: Props) {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const legal = isLegalSlug(slug) ? await getLegalPage(lang, slug) : null;
  if (!legal) notFound();
  const [t, format] = await Promise.all([getTranslations('content'), getFormatter()]);
  return (
    <div className={page.container} data-testid="legal-page" data-slug={slug}>
      <Breadcrumbs locale={lang} items={[{ name: legal.title, path: `/legal/${slug}` }]} />
      <div className={page.heading}>
        <h1 className={page.title}>{legal.title}</h1>
        <p className={article.muted}>
          {t('updatedOn', {
            date: format.dateTime(new Date(`${legal.updatedOn}T00:00:00Z`), { dateStyle: 'long' }),
          })}
        </p>
      </div>
      <ArticleTextView blocks={legal.body} />
    </div>
  );
}
