'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { SportsEvent } from '@/lib/schemas/sportsbook';
import { oddsText } from '@/lib/sportsbook/odds';
import { useSettings } from '@/components/settings/settings-context';

type Market = SportsEvent['markets'][number];
type Outcome = Market['outcomes'][number]['key'];
type Sides = Pick<SportsEvent, 'home' | 'away'>;

/** A line as books print it: signed for a handicap (+0.5, −0.75), plain for a total. */
export const lineText = (line: number, signed: boolean) =>
  signed && line > 0 ? `+${line}` : line < 0 ? `−${Math.abs(line)}` : String(line);

/**
 * The texts of the book's markets and picks in the player's language, and odds in the format
 * they chose. An outcome has a short label for its button (1, X, 2, Over 2.5, −0.75) and the
 * pick in full for the slip and screen readers (the side's name, Over 2.5, Arsenal −0.75).
 */
export function useBookLabels() {
  const t = useTranslations('sportsbook');
  const { settings } = useSettings();
  const format = settings.oddsFormat;

  const odds = useCallback((value: number) => oddsText(value, format), [format]);

  const marketTitle = useCallback(
    (m: Pick<Market, 'kind' | 'period' | 'line'>) => {
      const market =
        m.kind === 'total' && m.line !== null
          ? `${t('markets.total')} ${m.line}`
          : t(`markets.${m.kind}`);
      return t('marketTitle', { market, period: t(`periods.${m.period}`) });
    },
    [t],
  );

  const outcome = useCallback(
    (m: Pick<Market, 'kind' | 'line'>, key: Outcome, sides: Sides) => {
      if (key === 'over' || key === 'under') {
        const text = t(`outcomes.${key}`, { line: String(m.line ?? '') });
        return { label: text, pick: text };
      }
      const team = key === 'home' ? sides.home : key === 'away' ? sides.away : null;
      if (m.kind === 'handicap' && team && m.line !== null) {
        const line = lineText(key === 'home' ? m.line : -m.line, true);
        return { label: line, pick: t('teamLine', { team, line }) };
      }
      const label = t(`outcomes.${key}`, { line: '' });
      return { label, pick: team ?? t('draw') };
    },
    [t],
  );

  return { t, odds, marketTitle, outcome };
}
