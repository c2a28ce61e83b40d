import { ButtonLink } from '@/components/ui/button-link';
import styles from './page.module.css';

type Tab = { value: string; label: string; href: string };

/** Tabs that are links (`?tab=`), so the back button and shared addresses work. */
export function TabLinks({
  tabs,
  current,
  label,
}: {
  tabs: Tab[];
  current: string;
  label: string;
}) {
  return (
    <nav aria-label={label} className={styles.tabs} data-testid="tab-links">
      {tabs.map((tab) => (
        <ButtonLink
          key={tab.value}
          href={tab.href}
          variant={tab.value === current ? 'header' : 'headerSecondary'}
          aria-current={tab.value === current ? 'page' : undefined}
        >
          {tab.label}
        </ButtonLink>
      ))}
    </nav>
  );
}
