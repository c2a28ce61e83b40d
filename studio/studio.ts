import { createHash, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { engine, floatStream, type EngineName } from './games/engines';
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

export type PlayAnswer =
  | { ok: true; round: StudioRound; balance: number | null }
  | { ok: false; status: string; balance: number | null };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class Studio {
  private readonly sessions = new Map<string, StudioSession>();
  /** Each session's server seed, apart from what is shown until the session ends. */
  private readonly seeds = new Map<string, string>();

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
    if (!name || typeof body.user !== 'string' || typeof body.token !== 'string') return null;
    const seed = randomBytes(32).toString('hex');
    const session: StudioSession = {
      id: randomUUID(),
      token: body.token,
      user: body.user,
      currency: String(body.currency),
      gameCode,
      lang: typeof body.lang === 'string' ? body.lang : 'en',
      engine: name,
      serverSeedHash: sha256(seed),
      clientSeed: randomBytes(8).toString('hex'),
      nonce: 0,
      serverSeed: null,
      rounds: [],
    };
    this.sessions.set(session.id, session);
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

  /** Ends the session: its server seed is revealed, and it plays no more rounds. */
  end(id: string): StudioSession | null {
    const session = this.sessions.get(id);
    if (!session) return null;
    session.serverSeed = this.seeds.get(id)!;
    return this.shown(session);
  }

  /**
   * One round: the stake bet on the Wallet API; if the platform takes it, the result drawn and
   * its win sent, closing the round. A refused bet draws nothing and uses no nonce.
   */
  async play(id: string, input: unknown): Promise<PlayAnswer | null> {
    const session = this.sessions.get(id);
    if (!session || session.serverSeed) return null;
    const game = engine(session.engine);
    const stake = game.stakeOf(input);
    if (stake === null) return null;
    const nonce = session.nonce;
    const round = `${session.id}:${nonce}`;
    const bet = randomUUID();
    const common = {
      user: session.user,
      token: session.token,
      round,
      game_code: session.gameCode,
      currency: session.currency,
    };
    const placed = await this.call('transaction/bet', {
      ...common,
      transaction_uuid: bet,
      round_closed: false,
      amount: Number(stake),
    }).catch((): WalletAnswer => ({ status: 'RS_ERROR_UNKNOWN' }));
    if (placed.status === 'RS_ERROR_UNKNOWN') {
      // Taken or not, the bet is undone: the platform gives a stake it took back, or remembers the
      // id so the bet, if it arrives late, is refused.
      await this.call('transaction/rollback', {
        ...common,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        round_closed: true,
      });
    }
    if (placed.status !== 'RS_OK') {
      return { ok: false, status: placed.status, balance: placed.balance ?? null };
    }
    session.nonce += 1;
    const seed = this.seeds.get(id)!;
    const settled = game.settle(input, floatStream(seed, session.clientSeed, nonce));
    const won = await this.call('transaction/win', {
      ...common,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet,
      round_closed: true,
      amount: Number(settled.payout),
    });
    const record: StudioRound = {
      round,
      nonce,
      clientSeed: session.clientSeed,
      input,
      stake: Number(stake),
      payout: Number(settled.payout),
      outcome: settled.outcome,
      balance: won.balance ?? null,
      at: new Date().toISOString(),
    };
    session.rounds.push(record);
    return { ok: true, round: record, balance: record.balance };
  }

  /**
   * A signed Wallet API call. A bet or a read is sent once; a win or rollback is sent again (the
   * same bytes, the same id) until the platform answers it.
   */
  private async call(op: string, body: Record<string, unknown>): Promise<WalletAnswer> {
    const bytes = JSON.stringify({ request_uuid: randomUUID(), ...body });
    const retried = op === 'transaction/win' || op === 'transaction/rollback';
    for (let attempt = 0; ; attempt += 1) {
      const last = !retried || attempt >= 4;
      try {
        const answer = await this.options.send(op, bytes, sign(bytes, this.options.privateKey));
        if (last || answer.status !== 'RS_ERROR_UNKNOWN') return answer;
      } catch (err) {
        if (last) throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  private shown(session: StudioSession): StudioSession {
    return { ...session, rounds: [...session.rounds] };
  }
}
