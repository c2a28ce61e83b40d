'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { onceMoreIfUnanswered } from '@/lib/api/client';
import { originalsApi } from '@/lib/api/originals';
import { originalsKeys } from '@/lib/api/queries/originals';
import type { Bet, InstantParams } from '@/lib/schemas/originals';

/**
 * Places one bet. Each bet gets its own key; a request lost on the way (no answer at all) is sent
 * again once with the same key, so the platform answers the bet it took rather than a second one.
 */
export function usePlaceBet() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useCallback(
    async (params: InstantParams, currency: string, amount: string): Promise<Bet> => {
      const body = { ...params, currency, amount, idempotencyKey: crypto.randomUUID() };
      const placed = await onceMoreIfUnanswered(() => originalsApi.bet(body, locale));
      void queryClient.invalidateQueries({ queryKey: originalsKeys.seeds });
      void queryClient.invalidateQueries({ queryKey: originalsKeys.gameRecord });
      return placed;
    },
    [locale, queryClient],
  );
}
