import type { z } from 'zod';
import type {
  Bet,
  GameRecordPage,
  GameRecordQuery,
  LiveBets,
  MinesGame,
  MinesOpen,
  OriginalsConfig,
  Rotated,
  Seeds,
  betRequestSchema,
} from '@/lib/schemas/originals';
import type { CrashBet, CrashJoin, CrashState } from '@/lib/schemas/crash';
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
  openMines: () => apiRequest<{ game: MinesGame | null }>('/originals/mines'),
  startMines: (body: MinesOpen, locale?: string) =>
    apiRequest<MinesGame>('/originals/mines', { method: 'POST', body, locale }),
  reveal: (id: string, tile: number, locale?: string) =>
    apiRequest<MinesGame>(`/originals/mines/${encodeURIComponent(id)}/reveal`, {
      method: 'POST',
      body: { tile },
      locale,
    }),
  cashOut: (id: string, locale?: string) =>
    apiRequest<MinesGame>(`/originals/mines/${encodeURIComponent(id)}/cashout`, {
      method: 'POST',
      locale,
    }),
  crash: (revalidate?: number) => apiRequest<CrashState>('/originals/crash', { revalidate }),
  joinCrash: (body: CrashJoin, locale?: string) =>
    apiRequest<CrashBet>('/originals/crash/bets', { method: 'POST', body, locale }),
  cashOutCrash: (id: string, locale?: string) =>
    apiRequest<CrashBet>(`/originals/crash/bets/${encodeURIComponent(id)}/cashout`, {
      method: 'POST',
      locale,
    }),
  gameRecord: (query: Partial<GameRecordQuery>) =>
    apiRequest<GameRecordPage>('/wallet/game-record', { query }),
};
