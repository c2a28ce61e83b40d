import { createHash, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { deal, movesOf, play, returnsOf, type Move, type Round } from './games/blackjack';
import {
  BLACKJACK_FLOATS,
  engine,
  floatStream,
  type BlackjackInput,
  type EngineName,
  type Settled,
} from './games/engines';
import { sign, type WalletAnswer } from './protocol';

/*
 * The studio's own game sessions and rounds. A launch (the operator's signed game/url call) opens
 * a session with a fresh server seed, its hash shown from the start; each round is a bet on the
 * platform's Wallet API, a result drawn from (server seed, client seed, nonce), and its win (0 for
 * a loss) closing the round; the session's history keeps every round, and ending the session
 * reveals the seed so any round can be computed again.
 */

/** How a Wallet API call reaches the platform: the operation, the exact bytes, their signature. */
export type Send = (op: string, bytes: string, signature: string) => Promise<WalletAnswer>;

export type StudioSession = {
  id: string;
  token: string;
  user: string;
  currency: string;
  gameCode: string;
  /** A guest's play money (fun mode: nothing reaches the wallet), or null for a player. */
  fun: number | null;
  /** The player's language at launch (the frame's texts). */
  lang: string;
  engine: EngineName;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Set when the session ends: every round can then be verified. */
  serverSeed: string | null;
  rounds: StudioRound[];
};

export type StudioRound = {
  round: string;
  nonce: number;
  clientSeed: string;
  input: unknown;
  stake: number;
  payout: number;
  outcome: Record<string, unknown>;
  balance: number | null;
  at: string;
};

/** A blackjack round as the player sees it: the dealer's hole card hidden until it settles. */
export type TableView = {
  dealer: Round['dealer'];
  hidden: number;
  hands: Round['hands'];
  active: number;
  state: Round['state'];
  moves: Move[];
};

export type PlayAnswer =
  | {
      ok: true;
      round?: StudioRound;
      table?: TableView;
      balance: number | null;
      /** The round's win is not answered yet: it is being sent again. */
      pending?: boolean;
    }
  | { ok: false; status: string; balance: number | null };

/** A blackjack round between the player's moves. */
type OpenTable = {
  round: Round;
  floats: number[];
  roundId: string;
  /** The opening bet, which the round's win refers to. */
  bet: string;
  nonce: number;
  clientSeed: string;
  stake: number;
  moves: Move[];
};

function viewOf(table: OpenTable): TableView {
  const { round } = table;
  const settled = round.state === 'settled';
  return {
    dealer: settled ? round.dealer : round.dealer.slice(0, 1),
    hidden: settled ? 0 : round.dealer.length - 1,
    hands: round.hands,
    active: round.active,
    state: round.state,
    moves: movesOf(round),
  };
}

/** Hub88's demo currency, and a guest's play money at launch: 1,000 in Hub88's units (× 10⁵). */
const FUN_CURRENCY = 'XXX';
const FUN_BALANCE = 1_000 * 100_000;
const SESSION_IDLE_MS = 24 * 60 * 60_000;
const RETRY_MS = 30_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class Studio {
  private readonly sessions = new Map<string, StudioSession>();
  /** Each session's server seed, apart from what is shown until the session ends. */
  private readonly seeds = new Map<string, string>();
  /** Each session's open blackjack round, and the sessions with a call running. */
  private readonly tables = new Map<string, OpenTable>();
  private readonly busy = new Set<string>();
  /** When each session was last used: a day idle and it is forgotten (history and all). */
  private readonly touched = new Map<string, number>();
  /** Wins and rollbacks the platform has not answered yet, and the timer that sends them again. */
  private readonly undelivered: Array<{ op: string; bytes: string }> = [];
  private retrying: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: {
      privateKey: KeyObject;
      send: Send;
      /** The studio engine a catalog game code plays on, or null when the studio has none. */
      engineOf: (gameCode: string) => EngineName | null;
    },
  ) {}

  /** A launch for a player (a guest's fun play is not the studio's: it has no wallet). */
  launch(body: Record<string, unknown>): StudioSession | null {
    const gameCode = String(body.game_code ?? '');
    const name = this.options.engineOf(gameCode);
    // Hub88's fun mode: the demo currency, no user and no token; else a player's session.
    const fun = body.currency === FUN_CURRENCY && body.user === undefined;
    const real = typeof body.user === 'string' && typeof body.token === 'string';
    if (!name || !(fun || real)) return null;
    const seed = randomBytes(32).toString('hex');
    const session: StudioSession = {
      id: randomUUID(),
      token: real ? String(body.token) : '',
      user: real ? String(body.user) : '',
      currency: String(body.currency),
      fun: fun ? FUN_BALANCE : null,
      gameCode,
      lang: typeof body.lang === 'string' ? body.lang : 'en',
      engine: name,
      serverSeedHash: sha256(seed),
      clientSeed: randomBytes(8).toString('hex'),
      nonce: 0,
      serverSeed: null,
      rounds: [],
    };
    this.forgetIdle();
    this.sessions.set(session.id, session);
    this.touched.set(session.id, Date.now());
    this.seeds.set(session.id, seed);
    return this.shown(session);
  }

  session(id: string): StudioSession | null {
    const session = this.sessions.get(id);
    return session ? this.shown(session) : null;
  }

  /** The player's balance as the platform answers it (`user/balance`), for the frame's start. */
  async balance(id: string): Promise<WalletAnswer | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    if (session.fun !== null) return { status: 'RS_OK', balance: session.fun };
    return this.call('user/balance', {
      user: session.user,
      token: session.token,
      game_code: session.gameCode,
      currency: session.currency,
    }).catch((): WalletAnswer => ({ status: 'RS_ERROR_UNKNOWN' }));
  }

  /** The player's own seed for the next rounds (1–64 printable characters, spaces inside). */
  setClientSeed(id: string, clientSeed: string): boolean {
    const session = this.sessions.get(id);
    if (
      !session ||
      session.serverSeed ||
      !/^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/.test(clientSeed)
    )
      return false;
    session.clientSeed = clientSeed;
    return true;
  }

  /**
   * Ends the session: a blackjack round still open is finished as basic manners would (no
   * insurance, every hand standing), then the server seed is revealed and no more rounds play.
   */
  async end(id: string): Promise<StudioSession | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    return this.exclusive(id, async () => {
      for (let table = this.tables.get(id); table; table = this.tables.get(id)) {
        const [move] = movesOf(table.round).filter((m) => m === 'noInsurance' || m === 'stand');
        await this.blackjackMove(session, table, move!);
      }
      session.serverSeed = this.seeds.get(id)!;
      return this.shown(session);
    });
  }

  /** The blackjack round open in a session, as the player may see it (the hole card hidden). */
  table(id: string): TableView | null {
    const table = this.tables.get(id);
    return table ? viewOf(table) : null;
  }

  /**
   * One round: the stake bet on the Wallet API; if the platform takes it, the result drawn and
   * its win sent, closing the round. A refused bet draws nothing and uses no nonce. Blackjack
   * deals here and waits for the player's moves (`move`). One call at a time per session.
   */
  async play(id: string, input: unknown): Promise<PlayAnswer | null> {
    const session = this.sessions.get(id);
    if (!session || session.serverSeed || this.tables.has(id)) return null;
    const game = engine(session.engine);
    const stake = game.stakeOf(input);
    if (stake === null) return null;
    return this.exclusive(id, async () => {
      const nonce = session.nonce;
      const round = `${session.id}:${nonce}`;
      const bet = randomUUID();
      const placed = await this.bet(session, round, bet, stake);
      if (placed.status !== 'RS_OK') {
        return { ok: false, status: placed.status, balance: placed.balance ?? null };
      }
      session.nonce += 1;
      const stream = floatStream(this.seeds.get(id)!, session.clientSeed, nonce);
      if (session.engine === 'blackjack') {
        const floats = Array.from({ length: BLACKJACK_FLOATS }, stream);
        const table: OpenTable = {
          round: deal(floats),
          floats,
          roundId: round,
          bet,
          nonce,
          clientSeed: session.clientSeed,
          stake: Number(stake),
          moves: [],
        };
        this.tables.set(id, table);
        if (table.round.state === 'settled') return this.closeTable(session, table);
        return { ok: true, table: viewOf(table), balance: placed.balance ?? null };
      }
      const settled = game.settle(input, stream);
      return this.close(session, { round, nonce, input, bet }, settled);
    });
  }

  /**
   * A blackjack move on the session's open round. Doubling and splitting stake the opening
   * stake again, insurance half of it, each a bet in the same round; a refused one changes
   * nothing. The round's win closes it once settled.
   */
  async move(id: string, move: unknown): Promise<PlayAnswer | null> {
    const session = this.sessions.get(id);
    const table = this.tables.get(id);
    if (!session || !table || !movesOf(table.round).includes(move as Move)) return null;
    return this.exclusive(id, () => this.blackjackMove(session, table, move as Move));
  }

  private async blackjackMove(session: StudioSession, table: OpenTable, move: Move) {
    const extra =
      move === 'double' || move === 'split' ? table.stake : move === 'insure' ? table.stake / 2 : 0;
    let balance: number | null = null;
    if (extra > 0) {
      const placed = await this.bet(session, table.roundId, randomUUID(), BigInt(extra), false);
      if (placed.status !== 'RS_OK') {
        return { ok: false as const, status: placed.status, balance: placed.balance ?? null };
      }
      balance = placed.balance ?? null;
    }
    table.round = play(table.round, move, table.floats);
    table.moves.push(move);
    if (table.round.state === 'settled') return this.closeTable(session, table);
    return { ok: true as const, table: viewOf(table), balance };
  }

  private async closeTable(session: StudioSession, table: OpenTable): Promise<PlayAnswer> {
    this.tables.delete(session.id);
    const input: BlackjackInput = { stake: table.stake, moves: table.moves };
    const { staked, returned } = returnsOf(table.round);
    const half = table.stake / 2;
    const answer = await this.close(
      session,
      { round: table.roundId, nonce: table.nonce, input, bet: table.bet },
      {
        stake: BigInt(staked * 2 * half),
        payout: BigInt(returned * 2 * half),
        outcome: table.round,
      },
      table.clientSeed,
    );
    return answer.ok ? { ...answer, table: viewOf(table) } : answer;
  }

  /** Bets `amount` in `round`; a bet whose answer is lost is rolled back before anything else. */
  private async bet(
    session: StudioSession,
    round: string,
    bet: string,
    amount: bigint,
    opening = true,
  ): Promise<WalletAnswer> {
    if (session.fun !== null) {
      if (BigInt(session.fun) < amount) {
        return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: session.fun };
      }
      session.fun -= Number(amount);
      return { status: 'RS_OK', balance: session.fun };
    }
    const common = this.common(session, round);
    const placed = await this.call('transaction/bet', {
      ...common,
      transaction_uuid: bet,
      round_closed: false,
      amount: Number(amount),
    }).catch((): WalletAnswer => ({ status: 'RS_ERROR_UNKNOWN' }));
    if (placed.status === 'RS_ERROR_UNKNOWN') {
      // Taken or not, the bet is undone: the platform gives a stake it took back, or remembers the
      // id so the bet, if it arrives late, is refused.
      await this.deliver('transaction/rollback', {
        ...common,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        // An opening bet undone leaves nothing in its round; a later one leaves the round open.
        round_closed: opening,
      });
    }
    return placed;
  }

  /**
   * Keeps a round in the session's history, then sends its win (0 for a loss), closing it. A win
   * the platform has not answered stays queued and is sent again until it is (`pending`).
   */
  private async close(
    session: StudioSession,
    played: { round: string; nonce: number; input: unknown; bet: string },
    settled: Settled,
    clientSeed = session.clientSeed,
  ): Promise<PlayAnswer> {
    const record: StudioRound = {
      round: played.round,
      nonce: played.nonce,
      clientSeed,
      input: played.input,
      stake: Number(settled.stake),
      payout: Number(settled.payout),
      outcome: settled.outcome,
      balance: null,
      at: new Date().toISOString(),
    };
    session.rounds.push(record);
    if (session.fun !== null) {
      session.fun += Number(settled.payout);
      record.balance = session.fun;
      return { ok: true, round: record, balance: record.balance };
    }
    const won = await this.deliver('transaction/win', {
      ...this.common(session, played.round),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: played.bet,
      round_closed: true,
      amount: Number(settled.payout),
    });
    record.balance = won?.balance ?? null;
    return { ok: true, round: record, balance: record.balance, pending: won === null };
  }

  private common(session: StudioSession, round: string) {
    return {
      user: session.user,
      token: session.token,
      round,
      game_code: session.gameCode,
      currency: session.currency,
    };
  }

  /**
   * Sessions live in memory: each launch forgets the ones idle for a day, so a long-running demo
   * does not grow. A blackjack round still open there is finished first, as ending the session
   * does (its hands stand, its win is sent).
   */
  private forgetIdle(now = Date.now()) {
    for (const [id, at] of this.touched) {
      if (now - at < SESSION_IDLE_MS) break;
      if (this.busy.has(id)) continue;
      this.touched.delete(id);
      const forget = () => {
        for (const map of [this.sessions, this.seeds, this.tables]) map.delete(id);
      };
      if (this.tables.has(id)) void this.end(id).finally(forget);
      else forget();
    }
  }

  /** Runs one call of a session at a time: a second one while it runs is refused. */
  private async exclusive<T>(id: string, work: () => Promise<T>): Promise<T | null> {
    if (this.busy.has(id)) return null;
    // Oldest first in the Map: a use moves the session to the end.
    this.touched.delete(id);
    this.touched.set(id, Date.now());
    this.busy.add(id);
    try {
      return await work();
    } finally {
      this.busy.delete(id);
    }
  }

  /** A signed Wallet API call, sent once: a bet or a read. */
  private call(op: string, body: Record<string, unknown>): Promise<WalletAnswer> {
    const bytes = JSON.stringify({ request_uuid: randomUUID(), ...body });
    return this.options.send(op, bytes, sign(bytes, this.options.privateKey));
  }

  /**
   * A win or a rollback: sent until the platform answers it (the same bytes, the same id, so it
   * lands once). After a few tries it waits in a queue, sent again every half minute; null then.
   */
  private async deliver(op: string, body: Record<string, unknown>): Promise<WalletAnswer | null> {
    const bytes = JSON.stringify({ request_uuid: randomUUID(), ...body });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
      const answer = await this.resend({ op, bytes });
      if (answer) return answer;
    }
    this.undelivered.push({ op, bytes });
    this.retryLater();
    return null;
  }

  /** One try of a queued call: its answer, or null when the platform did not answer it. */
  private async resend(call: { op: string; bytes: string }): Promise<WalletAnswer | null> {
    const answer = await this.options
      .send(call.op, call.bytes, sign(call.bytes, this.options.privateKey))
      .catch(() => null);
    return answer && answer.status !== 'RS_ERROR_UNKNOWN' ? answer : null;
  }

  private retryLater() {
    if (this.retrying) return;
    this.retrying = setTimeout(() => void this.retryUndelivered(), RETRY_MS);
    this.retrying.unref();
  }

  /** Sends every queued win and rollback once more, in order; those still unanswered stay. */
  async retryUndelivered(): Promise<number> {
    this.retrying = null;
    const queued = this.undelivered.splice(0);
    for (const call of queued) {
      if (!(await this.resend(call))) this.undelivered.push(call);
    }
    if (this.undelivered.length) this.retryLater();
    return this.undelivered.length;
  }

  private shown(session: StudioSession): StudioSession {
    return { ...session, rounds: [...session.rounds] };
  }
}
