import type { HomeSection } from '@/lib/content';
import { Link } from '@/lib/i18n/navigation';
import { sportsHref } from '@/lib/site/paths';
import rows from '@/components/games/game-card.module.css';
import styles from './home.module.css';

type Section = Extract<HomeSection, { __component: 'home.sports-highlights' }>;

/** The sportsbook's sections the editor picked, each a card into /sports?bt-path=… */
export function SportsHighlights({ section }: { section: Section }) {
  if (section.items.length === 0) return null;
  return (
    <section className={rows.section} data-testid="sports-highlights">
      <h2 className={rows.sectionTitle}>{section.title}</h2>
      <ul className={styles.sports}>
        {section.items.map((item) => (
          <li key={item.id}>
            <Link href={sportsHref(item.btPath)} className={styles.sportCard}>
              <span className={styles.cardTitle}>{item.title}</span>
              {item.text && <span className={styles.cardText}>{item.text}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
