import { getTranslations } from 'next-intl/server';
import { getHomePage, getPromotions, getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { absoluteUrl } from '@/lib/seo/metadata';
import { listedPromotions } from '@/lib/site/promotions';
import { HeroCarousel } from '@/components/home/hero-carousel';
import { HomeSections } from '@/components/home/home-sections';
import { JsonLd } from '@/components/seo/json-ld';
import styles from '@/components/home/home.module.css';

type Props = { params: Promise<{ lang: string }> };

const highlights = [
  { title: 'payoutsTitle', text: 'payoutsText' },
  { title: 'fairTitle', text: 'fairText' },
  { title: 'supportTitle', text: 'supportText' },
] as const;

/**
 * The home page from the content service: the editor's hero banners and sections (game rows from
 * the catalog, the running promotions, sportsbook highlights), then why players choose the site.
 */
export default async function HomePage({ params }: Props) {
  const lang = await pageLocale(params);
  const [t, home, promotions, site] = await Promise.all([
    getTranslations('home'),
    getHomePage(lang),
    getPromotions(lang),
    getSiteConfiguration(lang),
  ]);
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>{t('heading')}</h1>
        <p className={styles.lead}>{t('intro')}</p>
      </div>
      <HeroCarousel banners={home.hero} />
      <HomeSections
        sections={home.sections}
        promotions={listedPromotions(promotions, new Date())}
      />
      <h2 className={styles.sectionTitle}>{t('highlightsTitle')}</h2>
      <ul className={styles.highlights}>
        {highlights.map((h) => (
          <li key={h.title} className={styles.card} data-testid="highlight">
            <h3 className={styles.cardTitle}>{t(h.title)}</h3>
            <p className={styles.cardText}>{t(h.text)}</p>
          </li>
        ))}
      </ul>
      <JsonLd
        data={{
          '@type': 'Organization',
          name: site.seo.siteName,
          url: absoluteUrl(lang, '/'),
          logo: new URL(site.logo.url, absoluteUrl(lang, '/')).toString(),
          ...(site.support ? { email: site.support.email } : {}),
        }}
      />
    </div>
  );
}
