/**
 * Blackjack in the demo studio, end to end on a fresh embedded database: a round opens with its
 * stake, each double, split and insurance is one more bet in the same round, the round's win
 * closes it; played by basic strategy for 200 rounds, the ledger and the studio's history agree to
 * the unit and every round recomputes from the revealed seed. The hole card stays hidden, a move
 * the wallet refuses changes nothing, and ending the session finishes an open round.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { config } from '@/lib/config';
import { openSession } from '@/lib/server/casino/sessions';
import { closeDb } from '@/lib/server/db';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { studioGames } from '@/studio/catalog';
import { pointsOf, type Move } from '@/studio/games/blackjack';
import { strategyMove, type Action } from '@/studio/games/blackjack-strategy';
import { engine, floatStream } from '@/studio/games/engines';
import { studioKeys } from '@/studio/keys';
import type { Studio, TableView } from '@/studio/studio';
import { sqlRows } from './helpers/races';
import { availableUsdt, studioAsAggregator, studioOnPlatform } from './helpers/studio';
import { fundedPlayer } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
let restoreConfig: () => void = () => undefined;
let studio: Studio;
const SLUG = 'classic-blackjack';

beforeAll(() => {
  mutable.HUB88_KEY_DIR = path.join(tmpdir(), `studio-op-${randomUUID()}`);
  const keys = studioKeys(path.join(tmpdir(), `studio-${randomUUID()}`));
  const codes = new Map(studioGames.map((g) => [g.code, g.engine]));
  studio = studioOnPlatform(keys.privateKey, (code) => codes.get(code) ?? null);
  restoreConfig = studioAsAggregator('http://127.0.0.1:9', keys.publicPem);
});

afterAll(async () => {
  restoreConfig();
  await closeDb();
});

const available = availableUsdt;

/** Basic strategy's move for the open hand, insurance taken every fifth round to exercise it. */
function nextMove(table: TableView, r: number): Move {
  if (table.moves.includes('insure')) return r % 5 === 0 ? 'insure' : 'noInsurance';
  const hand = table.hands[table.active]!;
  const move = strategyMove(
    hand.cards.map((c) => pointsOf(c.rank)),
    pointsOf(table.dealer[0]!.rank),
    table.moves.filter((m): m is Action => ['stand', 'hit', 'double', 'split'].includes(m)),
  );
  return move;
}

/**
 * A player at the studio's blackjack: the session token minted as the platform's launch mints it,
 * and the studio's session opened on it as the signed launch does (tested over HTTP elsewhere).
 */
async function seated(units: bigint) {
  const player = await fundedPlayer(`bj-${randomUUID()}@example.com`, 'USDT', units);
  const [game] = await sqlRows(`SELECT game_id FROM games WHERE slug = $1`, [SLUG]);
  const token = (await openSession({
    provider: 'hub88',
    userId: player.userId,
    authSessionId: null,
    gameCode: String(game!.game_id),
    currency: 'USDT',
  }))!;
  const session = studio.launch({
    user: player.userId,
    token,
    currency: 'USDT',
    game_code: String(game!.game_id),
    lang: 'en',
  })!;
  expect(session.engine).toBe('blackjack');
  return { player, session };
}

/** Deals until the open hand allows `move` (a round that settles at once is dealt again). */
async function dealtAllowing(id: string, move: Move): Promise<TableView> {
  for (;;) {
    const answer = await studio.play(id, { stake: 200_000 });
    if (!answer?.ok) throw new Error('the deal was refused');
    let table = answer.table;
    while (answer.ok && table && table.state !== 'settled' && !table.moves.includes(move)) {
      const next = await studio.move(
        id,
        table.moves.includes('noInsurance') ? 'noInsurance' : 'stand',
      );
      table = next?.ok ? next.table : undefined;
    }
    if (table && table.state !== 'settled' && table.moves.includes(move)) return table;
  }
}

describe('blackjack in the studio', () => {
  it('200 rounds by basic strategy: extra bets in the same round, ledger and history agree', async () => {
    const { player, session } = await seated(BigInt(10) ** BigInt(9));
    const before = await available(player.userId);
    let extras = 0;
    for (let r = 0; r < 200; r += 1) {
      let answer = await studio.play(session.id, { stake: 200_000 });
      expect(answer?.ok).toBe(true);
      while (answer?.ok && !answer.round) {
        const table = answer.table!;
        // The hole card is not shown while the round is played.
        expect(table.dealer).toHaveLength(1);
        expect(table.hidden).toBe(1);
        const move = nextMove(table, r);
        if (['double', 'split', 'insure'].includes(move)) extras += 1;
        answer = await studio.move(session.id, move);
        expect(answer?.ok).toBe(true);
      }
      expect(answer?.ok && answer.round!.stake).toBeGreaterThanOrEqual(200_000);
    }
    expect(extras).toBeGreaterThan(10);
    const { rounds } = studio.session(session.id)!;
    expect(rounds).toHaveLength(200);
    const net = rounds.reduce((t, r) => t + BigInt(r.payout) - BigInt(r.stake), BigInt(0));
    expect(await available(player.userId)).toBe(before + net * BigInt(10));
    // A round with extra bets is one game round: its bets add up to the round's stake.
    const doubled = rounds.find((r) => r.stake > 200_000)!;
    const [row] = await sqlRows(
      `SELECT bets, wins, state, (SELECT count(*) FROM casino_transactions t
         WHERE t.round_id = r.id AND t.kind = 'bet') AS bet_calls
       FROM casino_rounds r WHERE ref = $1`,
      [doubled.round],
    );
    expect(row).toMatchObject({ state: 'closed' });
    expect(BigInt(String(row!.bets))).toBe(BigInt(doubled.stake) * BigInt(10));
    expect(BigInt(String(row!.wins))).toBe(BigInt(doubled.payout) * BigInt(10));
    expect(Number(row!.bet_calls)).toBeGreaterThan(1);
    expect(await checkLedger()).toEqual([]);

    const ended = (await studio.end(session.id))!;
    for (const round of ended.rounds) {
      const again = engine('blackjack').settle(
        round.input,
        floatStream(ended.serverSeed!, round.clientSeed, round.nonce),
      );
      expect([round.nonce, Number(again.payout), Number(again.stake)]).toEqual([
        round.nonce,
        round.payout,
        round.stake,
      ]);
    }
  }, 120_000);

  it('a double the wallet refuses changes nothing; one call at a time; ending finishes the round', async () => {
    // Exactly 2 USDT: the opening 2 is taken, a second 2 to double is not there. A deal that
    // settles at once, or leaves no double, is tried again with a new player.
    let seat: Awaited<ReturnType<typeof seated>>;
    let table: TableView | undefined;
    do {
      seat = await seated(BigInt(2_000_000));
      const dealt = await studio.play(seat.session.id, { stake: 200_000 });
      table = dealt?.ok ? dealt.table : undefined;
      if (table?.moves.includes('noInsurance')) {
        const declined = await studio.move(seat.session.id, 'noInsurance');
        table = declined?.ok ? declined.table : undefined;
      }
    } while (!table || table.state === 'settled' || !table.moves.includes('double'));
    const { player, session } = seat;
    const balanceBefore = await available(player.userId);
    expect(balanceBefore).toBe(BigInt(0));
    const refused = await studio.move(session.id, 'double');
    expect(refused).toMatchObject({ ok: false, status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(studio.table(session.id)).toEqual(table);
    expect(await available(player.userId)).toBe(balanceBefore);
    // A move the hand does not allow, or a new deal while a round is open, is not played.
    expect(await studio.move(session.id, 'insure')).toBeNull();
    expect(await studio.play(session.id, { stake: 200_000 })).toBeNull();
    // Two calls at once: the second is refused while the first runs.
    const [first, second] = await Promise.all([
      studio.move(session.id, 'hit'),
      studio.move(session.id, 'hit'),
    ]);
    expect([first?.ok ?? null, second]).toEqual([true, null]);

    expect(await checkLedger()).toEqual([]);
  });

  it('ending the session with a round open stands its hands and closes the round', async () => {
    const { session } = await seated(BigInt(10_000_000));
    await dealtAllowing(session.id, 'stand');
    const ended = (await studio.end(session.id))!;
    expect(studio.table(session.id)).toBeNull();
    const last = ended.rounds.at(-1)!;
    expect((last.input as { moves: string[] }).moves.at(-1)).toBe('stand');
    const [row] = await sqlRows(`SELECT state FROM casino_rounds WHERE ref = $1`, [last.round]);
    expect(row).toMatchObject({ state: 'closed' });
    expect(ended.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(await checkLedger()).toEqual([]);
  });
});
