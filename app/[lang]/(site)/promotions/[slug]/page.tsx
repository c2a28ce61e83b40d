import { Artwork } from '@/components/ui/artwork';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { getPromotions, getSiteConfiguration } from '@/lib/content';
import type { Locale } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { promotionState } from '@/lib/site/promotions';
import { ArticleTextView } from '@/components/content/article-text';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { ContentCta } from '@/components/content/content-cta';
import article from '@/components/content/article.module.css';
import page from '@/components/page/page.module.css';
import styles from '@/components/promotions/promotions.module.css';

type Props = { params: Promise<{ lang: string; slug: string }> };

async function findPromotion(lang: Locale, slug: string) {
  return (await getPromotions(lang)).find((p) => p.slug === slug) ?? null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const promotion = await findPromotion(lang, slug);
  if (!promotion) return {};
  return siteMetadata(lang, await getSiteConfiguration(lang), `/promotions/${slug}`, {
    title: promotion.title,
    description: promotion.summary,
    image: promotion.image,
    type: 'article',
  });
}

/** One promotion: what it gives, how to take part, its terms; an ended one says so and keeps its page. */
export default async function PromotionPage({ params }: Props) {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const promotion = await findPromotion(lang, slug);
  if (!promotion) notFound();
  const [t, tPages, format] = await Promise.all([
    getTranslations('promotions'),
    getTranslations('pages'),
    getFormatter(),
  ]);
  const state = promotionState(promotion, new Date());
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  return (
    <div className={page.container} data-testid="promotion-page" data-state={state}>
      <Breadcrumbs
        locale={lang}
        items={[
          { name: tPages('promotions'), path: '/promotions' },
          { name: promotion.title, path: `/promotions/${slug}` },
        ]}
      />
      <div className={page.heading}>
        <h1 className={page.title}>{promotion.title}</h1>
        <p className={page.intro}>{promotion.summary}</p>
      </div>
      <div className={article.layout}>
        <div>
          <Artwork
            className={styles.banner}
            src={promotion.image.url}
            alt={promotion.image.alt}
            width={promotion.image.width ?? 640}
            height={promotion.image.height ?? 320}
            fetchPriority="high"
          />
          <ArticleTextView blocks={promotion.body} />
          {promotion.terms.length > 0 && (
            <section aria-labelledby="promotion-terms">
              <h2 id="promotion-terms" className={page.sectionTitle}>
                {t('terms')}
              </h2>
              <ArticleTextView blocks={promotion.terms} />
            </section>
          )}
        </div>
        <aside className={article.aside} aria-label={t('details')}>
          <span className={styles.status} data-testid="promotion-status">
            {t(`state.${state}`)}
          </span>
          <p className={article.muted}>
            {t('runs', { start: date(promotion.startsAt) })}
            {promotion.endsAt ? ` — ${t('until', { end: date(promotion.endsAt) })}` : ''}
          </p>
          {promotion.cta && state === 'active' && (
            <ContentCta cta={promotion.cta} variant="header" />
          )}
        </aside>
      </div>
    </div>
  );
}
