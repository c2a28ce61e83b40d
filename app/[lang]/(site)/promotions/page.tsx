import { getTranslations } from 'next-intl/server';
import { getPromotions } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { listedPromotions } from '@/lib/site/promotions';
import { PageHeading } from '@/components/page/page-heading';
import { PromotionCard } from '@/components/promotions/promotion-card';
import page from '@/components/page/page.module.css';
import styles from '@/components/promotions/promotions.module.css';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) =>
  pageMetadata(params, '/promotions', 'promotions');

/** Running and coming promotions from the content service, each linking to its page. */
export default async function PromotionsPage({ params }: Props) {
  const lang = await pageLocale(params);
  const [t, tp, promotions] = await Promise.all([
    getTranslations('info.promotions'),
    getTranslations('promotions'),
    getPromotions(lang),
  ]);
  const listed = listedPromotions(promotions, new Date());
  return (
    <div className={page.container} data-testid="promotions-page">
      <PageHeading title={t('title')} intro={t('intro')} />
      {listed.length === 0 ? (
        <p className={page.intro}>{tp('none')}</p>
      ) : (
        <ul className={styles.grid}>
          {listed.map((p, i) => (
            <li key={p.slug}>
              <PromotionCard promotion={p} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
