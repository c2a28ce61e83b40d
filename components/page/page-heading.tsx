import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A page's h1 and its one-paragraph introduction. */
export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </div>
  );
}
