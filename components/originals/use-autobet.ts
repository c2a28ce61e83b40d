'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Bet } from '@/lib/schemas/originals';
import { addDecimal, compareDecimal, subtractDecimal } from '@/lib/wallet/format';

export type AutobetSettings = {
  /** Bets to play; 0 plays until stopped. */
  count: number;
  /** Stop once the run's profit reaches this (empty: never). */
  stopOnProfit: string;
  /** Stop once the run's loss reaches this (empty: never). */
  stopOnLoss: string;
};

/** Between two bets of a run: the result stays on screen a moment. */
const PAUSE_MS = 300;

/**
 * Autobet, in the browser: one bet per request, one after the other, until the count is played,
 * a stop is reached, a bet is refused, or the player stops it.
 */
export function useAutobet(placeOne: () => Promise<Bet>) {
  const [running, setRunning] = useState(false);
  const [played, setPlayed] = useState(0);
  const [profit, setProfit] = useState('0');
  const stopped = useRef(false);

  const stop = useCallback(() => {
    stopped.current = true;
  }, []);
  // Leaving the page stops the run: nothing bets where the player cannot see it or stop it.
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (settings: AutobetSettings, onError: (error: unknown) => void) => {
      stopped.current = false;
      setRunning(true);
      setPlayed(0);
      setProfit('0');
      let total = '0';
      let count = 0;
      try {
        while (!stopped.current && (settings.count === 0 || count < settings.count)) {
          const bet = await placeOne();
          count += 1;
          total = addDecimal(total, subtractDecimal(bet.payout, bet.amount));
          setPlayed(count);
          setProfit(total);
          const up = settings.stopOnProfit && compareDecimal(total, settings.stopOnProfit) >= 0;
          const down = settings.stopOnLoss && compareDecimal(`-${settings.stopOnLoss}`, total) >= 0;
          if (up || down) break;
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
      } catch (error) {
        onError(error);
      } finally {
        setRunning(false);
      }
    },
    [placeOne],
  );

  return { running, played, profit, start, stop };
}
