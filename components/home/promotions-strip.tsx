import { getTranslations } from 'next-intl/server';
import type { Promotion } from '@/lib/content';
import { PromotionCard } from '@/components/promotions/promotion-card';
import { ButtonLink } from '@/components/ui/button-link';
import rows from '@/components/games/game-card.module.css';
import styles from './home.module.css';

/** The running promotions in a row that scrolls sideways, and a link to them all. */
export async function PromotionsStrip({
  title,
  promotions,
}: {
  title: string;
  promotions: Promotion[];
}) {
  if (promotions.length === 0) return null;
  const t = await getTranslations('promotions');
  return (
    <section className={rows.section} data-testid="promotions-strip">
      <div className={rows.rowHead}>
        <h2 className={rows.rowTitle}>{title}</h2>
        <ButtonLink href="/promotions" variant="headerSecondary" size="small">
          {t('all')}
        </ButtonLink>
      </div>
      <ul className={styles.strip}>
        {promotions.map((p) => (
          <li key={p.slug}>
            <PromotionCard promotion={p} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
