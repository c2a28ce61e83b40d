'use client';

import { useId, useState, type ReactNode } from 'react';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import styles from './footer.module.css';

/**
 * One footer category, rendered once: a column with its heading from md up, a disclosure
 * (accordion) on tablets and phones. The links are the server's; only the toggle is client code.
 */
export function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section data-testid="footer-section" className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <h2 className={styles.sectionToggleHeading}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className={styles.sectionToggle}
        >
          {title}
          <SpriteIcon name="expand-more" className={styles.chevron} />
        </button>
      </h2>
      <div id={panelId} className={styles.panel} data-open={open || undefined}>
        {children}
      </div>
    </section>
  );
}
