'use client';

import type { SlipSelection } from '@/lib/sportsbook/slip';
import hidden from '@/components/ui/visually-hidden.module.css';
import { selectionKey, toggleSelection, useSlip } from './slip-store';
import styles from './sportsbook.module.css';

/**
 * One price: a toggle that puts the pick on the bet slip (or takes it off). Its accessible name
 * carries the pick in full (the side's name behind "1"); a closed market shows its label greyed.
 */
export function OddsButton({
  selection,
  label,
  oddsText,
}: {
  /** The pick as the slip keeps it; `odds` 0 while the market is closed. */
  selection: SlipSelection;
  label: string;
  oddsText: string;
}) {
  const slip = useSlip();
  const key = selectionKey(selection);
  const picked = slip.selections.some((s) => selectionKey(s) === key);
  return (
    <button
      type="button"
      className={styles.odds}
      aria-pressed={picked}
      disabled={selection.odds === 0}
      onClick={() => toggleSelection(selection)}
    >
      <span className={styles.oddsLabel}>{label}</span>
      {selection.pick !== label && <span className={hidden.visuallyHidden}>{selection.pick}</span>}
      <span className={styles.oddsValue}>{oddsText}</span>
    </button>
  );
}
