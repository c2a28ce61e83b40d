import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page-locale';
import styles from '@/components/home/home.module.css';

type Props = { params: Promise<{ lang: string }> };

const highlights = [
  { title: 'payoutsTitle', text: 'payoutsText' },
  { title: 'fairTitle', text: 'fairText' },
  { title: 'supportTitle', text: 'supportText' },
] as const;

/** The home page: server markup with a CSS module, no client code of its own. */
export default async function HomePage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('home');
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>{t('heading')}</h1>
        <p className={styles.lead}>{t('intro')}</p>
      </div>
      <h2 className={styles.sectionTitle}>{t('highlightsTitle')}</h2>
      <ul className={styles.highlights}>
        {highlights.map((h) => (
          <li key={h.title} className={styles.card} data-testid="highlight">
            <h3 className={styles.cardTitle}>{t(h.title)}</h3>
            <p className={styles.cardText}>{t(h.text)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
