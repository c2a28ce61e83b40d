import type { EngineName } from '../games/engines';
import type { StudioRound, TableView } from '../studio';

/** What a page hands its script: the session as the player may see it, and the texts. */
type Common = { locale: string; messages: Record<string, string> };

export type FrameSession = {
  id: string;
  engine: EngineName;
  currency: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
};

export type Boot = Common & {
  page: 'frame';
  session: FrameSession;
  /** Each bet's RTP where a table shows them, by bet name. */
  betRtps: Record<string, string>;
  /** A blackjack round left open (the page was reloaded mid-round). */
  table: TableView | null;
};

export type HistoryBoot = Common & {
  page: 'history';
  session: FrameSession & { serverSeed: string | null; rounds: StudioRound[] };
};
