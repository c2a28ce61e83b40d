/**
 * The posting side of `npm run bench:wallet` (bench/wallet.mjs), in a process of its own on the
 * database DATABASE_URL names: makes 100 players with sessions, funds each, prints their tokens
 * ("ready"), then for each "go <phase>" line on stdin settles bets for BENCH_SECONDS with one loop
 * per player and prints what it did ("done"); "go <phase> <rate>" bets at that many bets a second in
 * all instead; "check" runs every ledger invariant and prints how many broke ("checked"). A settled
 * bet is a stake and its payout:
 *
 *   two-posts   the stake and the payout as two `post` calls (what any ledger can do)
 *   post-many…  both in one `postMany`, one commit
 *   dice…       a Dice bet through the originals' own door (`placeBet`: the nonce drawn and the
 *               outcome decided under the lock, the bet and its game record written in the commit)
 *                — for `npm run bench:originals` (bench/originals.mjs)
 *
 * It uses only `post` (and `postMany` in its phase), so the same file runs against an older checkout
 * of the ledger for the baseline.
 */
import { createInterface } from 'node:readline';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import * as ledger from '@/lib/server/wallet/ledger';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { measurePhase } from './open-loop.mjs';

type Line = ledger.Line;
const PLAYERS = 100;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const run = Date.now().toString(36);
const unit = BigInt(1_000_000);

const players = await Promise.all(
  Array.from({ length: PLAYERS }, async (_, i) => {
    const row = await createPlayer({ email: `bench-${run}-${i}@example.com`, status: 'active' });
    const userId = row.id;
    await ledger.post({
      type: 'deposit',
      scope: 'bench-funds',
      key: userId,
      userId,
      lines: [
        { account: { house: 'deposits', currency: 'USDT' }, amount: -unit * BigInt(1_000_000) },
        { account: { userId, currency: 'USDT' }, amount: unit * BigInt(1_000_000) },
      ],
    });
    return { userId, row, token: (await createSession(userId)).token };
  }),
);
console.log(`ready ${JSON.stringify(players.map((p) => p.token))}`);

const house: Line['account'] = { house: 'originals', currency: 'USDT' };
const pair = (from: Line['account'], to: Line['account'], amount: bigint): Line[] => [
  { account: from, amount: -amount },
  { account: to, amount },
];

/** The stake and payout of player `p`'s bet `i` in a phase. */
function bet(name: string, p: number, i: number) {
  const { userId } = players[p]!;
  const me = { userId, currency: 'USDT' };
  // Stake 2, return 1 or 3 by turns: every round has both postings.
  const stake = {
    type: 'bet' as const,
    scope: `bench-${name}`,
    key: `${run}-${p}-${i}:stake`,
    userId,
    lines: pair(me, house, BigInt(2) * unit),
  };
  const payout = {
    type: 'win' as const,
    scope: `bench-${name}`,
    key: `${run}-${p}-${i}:payout`,
    userId,
    lines: pair(house, me, BigInt(i % 2 ? 3 : 1) * unit),
  };
  return async () => {
    if (name.startsWith('dice')) {
      // Loaded here: an older checkout (the baseline's) has no originals, and never runs this phase.
      const { placeBet } = await import('@/lib/server/originals/bets');
      await placeBet(players[p]!.row, {
        game: 'dice',
        target: 50.5,
        side: 'over',
        currency: 'USDT',
        amount: '2',
        idempotencyKey: `${run}-${p}-${i}-${name}`,
      });
    } else if (name.startsWith('post-many')) {
      await ledger.postMany([stake, payout]);
    } else {
      await ledger.post(stake);
      await ledger.post(payout);
    }
  };
}

/**
 * One phase of the players' bets, each player a client of `measurePhase` (bench/open-loop.mjs):
 * `rate` 0 a closed loop (what the ledger can settle), else an open loop at `rate` bets a second.
 */
const phase = (name: string, rate: number, span: number) =>
  measurePhase(PLAYERS, rate, span, (p, i) => bet(name, p, i)());

// The ledger is checked on its own line, once the bench has stopped measuring: checked at a
// phase's end, its scans ran under the last balances calls of that phase and were counted as theirs.
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  // `go <phase> [rate] [seconds]`: the phase's seconds default to BENCH_SECONDS.
  const [command, name, rate, span] = line.split(' ');
  if (command === 'go' && name) {
    const load = await phase(name, Number(rate ?? 0), span ? Number(span) : seconds);
    console.log(`done ${JSON.stringify(load)}`);
  } else if (command === 'check') {
    console.log(`checked ${JSON.stringify((await checkLedger()).length)}`);
  } else if (command === 'casino-sessions' && name) {
    // For bench/casino.mjs: a game session of aggregator `name` for every player, on the first game.
    // Loaded here: an older checkout (the baseline's) has no casino.
    const { openSession } = await import('@/lib/server/casino/sessions');
    const { getDbHandle } = await import('@/lib/server/db');
    const { rows } = await (
      await getDbHandle()
    ).sql('SELECT game_id FROM games ORDER BY slug LIMIT 1');
    const game = String(rows[0]!.game_id);
    const sessions = await Promise.all(
      players.map(async ({ userId }) => ({
        user: userId,
        game,
        token: await openSession({
          provider: name,
          userId,
          authSessionId: null,
          gameCode: game,
          currency: 'USDT',
        }),
      })),
    );
    console.log(`sessions ${JSON.stringify(sessions)}`);
  } else {
    break;
  }
}
await closeDb();
