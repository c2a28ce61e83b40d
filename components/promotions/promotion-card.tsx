import { Artwork } from '@/components/ui/artwork';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { Promotion } from '@/lib/content';
import { Link } from '@/lib/i18n/navigation';
import { promotionState } from '@/lib/site/promotions';
import styles from './promotions.module.css';

/**
 * A promotion's card: image, title, summary and when it runs; the whole card links to its page.
 * `priority`: the list's first card, whose image is the page's largest paint — loaded at once and
 * first; every other card's image waits until it nears the screen.
 */
export async function PromotionCard({
  promotion,
  headingLevel = 'h2',
  priority = false,
}: {
  promotion: Promotion;
  headingLevel?: 'h2' | 'h3';
  priority?: boolean;
}) {
  const t = await getTranslations('promotions');
  const format = await getFormatter();
  const Heading = headingLevel;
  const state = promotionState(promotion, new Date());
  return (
    <article className={styles.card} data-testid="promotion-card">
      <Artwork
        className={styles.image}
        src={promotion.image.url}
        alt={promotion.image.alt}
        width={promotion.image.width ?? 640}
        height={promotion.image.height ?? 320}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link href={`/promotions/${promotion.slug}`} className={styles.cardLink}>
            {promotion.title}
          </Link>
        </Heading>
        <p className={styles.summary}>{promotion.summary}</p>
        <p className={styles.when}>
          {state === 'upcoming'
            ? t('startsOn', {
                date: format.dateTime(new Date(promotion.startsAt), { dateStyle: 'medium' }),
              })
            : promotion.endsAt
              ? t('endsOn', {
                  date: format.dateTime(new Date(promotion.endsAt), { dateStyle: 'medium' }),
                })
              : t('ongoing')}
        </p>
      </div>
    </article>
  );
}
