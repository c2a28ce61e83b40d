import type { z } from 'zod';
import type {
  Bet,
  GameRecordPage,
  GameRecordQuery,
  LiveBets,
  OriginalsConfig,
  Rotated,
  Seeds,
  betRequestSchema,
} from '@/lib/schemas/originals';
import { apiRequest } from './client';

/** The originals as the site calls them (paths under /api/v1). */
export const originalsApi = {
  config: (revalidate?: number) => apiRequest<OriginalsConfig>('/originals/config', { revalidate }),
  live: (revalidate?: number) => apiRequest<LiveBets>('/originals/live', { revalidate }),
  seeds: () => apiRequest<Seeds>('/originals/seeds'),
  rotate: (clientSeed: string, locale?: string) =>
    apiRequest<Rotated>('/originals/seeds/rotate', {
      method: 'POST',
      body: { clientSeed },
      locale,
    }),
  bet: (body: z.input<typeof betRequestSchema>, locale?: string) =>
    apiRequest<Bet>('/originals/bets', { method: 'POST', body, locale }),
  betById: (id: string, revalidate?: number) =>
    apiRequest<Bet>(`/originals/bets/${encodeURIComponent(id)}`, { revalidate }),
  gameRecord: (query: Partial<GameRecordQuery>) =>
    apiRequest<GameRecordPage>('/wallet/game-record', { query }),
};
