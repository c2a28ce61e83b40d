import { queryOptions } from '@tanstack/react-query';
import type { GameRecordQuery } from '@/lib/schemas/originals';
import { originalsApi } from '../originals';
import { playerKeys } from './player';

/** Public: rendered on the server (a few seconds' shared answer), continued in the browser. */
export const originalsConfigQuery = () =>
  queryOptions({
    queryKey: ['originals', 'config'],
    queryFn: () => originalsApi.config(60),
    staleTime: 60_000,
  });

export const liveBetsQuery = () =>
  queryOptions({
    queryKey: ['originals', 'live'],
    queryFn: () => originalsApi.live(2),
    staleTime: 5_000,
    refetchInterval: 10_000,
  });

export const publicBetQuery = (id: string) =>
  queryOptions({
    queryKey: ['originals', 'bet', id],
    queryFn: () => originalsApi.betById(id, 5),
  });

/**
 * Crash now: rendered on the server for everyone (the round, its players, the recent rounds, the
 * commitment), then kept current by the `crash` socket room; a signed-in player's copy adds their
 * bet, so it lives under the player's keys too and is dropped at sign-in and sign-out.
 */
export const crashStateQuery = (signedIn = false) =>
  queryOptions({
    queryKey: signedIn ? [...playerKeys.all, 'crash'] : ['originals', 'crash'],
    // When it arrived, by this side's clock: the server's `serverNow` against it aligns the curve.
    queryFn: async () => ({ ...(await originalsApi.crash()), receivedAt: Date.now() }),
    staleTime: 2_000,
  });

/** The player's: under ['player', …], dropped at sign-in and sign-out. */
export const originalsKeys = {
  seeds: [...playerKeys.all, 'fair-seeds'] as const,
  gameRecord: [...playerKeys.all, 'game-record'] as const,
  mines: [...playerKeys.all, 'mines'] as const,
};

/** The player's open Mines game: shown again after a reload, on another device, after a restart. */
export const openMinesQuery = () =>
  queryOptions({
    queryKey: originalsKeys.mines,
    queryFn: async () => (await originalsApi.openMines()).game,
  });

export const seedsQuery = () =>
  queryOptions({ queryKey: originalsKeys.seeds, queryFn: originalsApi.seeds });

export const gameRecordQuery = (query: Partial<GameRecordQuery>) =>
  queryOptions({
    queryKey: [...originalsKeys.gameRecord, query],
    queryFn: () => originalsApi.gameRecord(query),
  });
