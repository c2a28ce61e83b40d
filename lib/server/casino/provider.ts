import 'server-only';
import type { Game } from '@/lib/schemas/games';

/** What a launch asks of an aggregator: a real game for a player's session, or a fun one. */
export type LaunchRequest = {
  game: Game;
  language: string;
  ip: string;
  mobile: boolean;
  /** Where the game's home and deposit buttons lead. */
  lobbyUrl: string;
  depositUrl: string;
  /** A player's real-money session, or null for fun mode (play money, no ledger). */
  session: { userId: string; token: string; currency: string } | null;
};

/**
 * An aggregator behind the seamless wallet. Its adapter folder (./hub88) holds the rest: the
 * signed calls we make, its wallet endpoint under /api/v1/casino/<id>/, and the mapping of its
 * amounts to the ledger's. A second aggregator is one more folder implementing this.
 */
export interface CasinoProvider {
  readonly id: string;
  /** Whether real play in this ledger currency can be offered (exact amounts, a known code). */
  plays(currency: string): boolean;
  /** The address the game frame opens. */
  launch(request: LaunchRequest): Promise<string>;
  /** The games it plays, or null when it cannot say now (unreachable, a malformed answer). */
  games(): Promise<AggregatorGame[] | null>;
}

/** A title in an aggregator's game list: its code, whether it plays now, and what it says of it. */
export type AggregatorGame = {
  code: string;
  enabled: boolean;
  category: string | null;
  rtp: string | null;
};
