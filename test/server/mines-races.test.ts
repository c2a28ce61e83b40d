/**
 * Mines under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test` refuses to skip
 * these under CI): one tile revealed by 20 requests at once, a reveal racing a cash-out, a cash-out
 * sent ten times, opens racing each other and racing rotations. Each race ends in one outcome,
 * paid at most once, with the ledger agreeing.
 */
import { ownDatabase } from './helpers/own-database';
import { balanceOf, outcomeOf, sqlRows, usdtPlayers } from './helpers/races';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('Mines on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let mines: typeof import('@/lib/server/originals/mines');
  let seeds: typeof import('@/lib/server/originals/seeds');
  let board: typeof import('./helpers/mines');
  let ladder: typeof import('@/lib/fairness/mines');
  let payoutOf: typeof import('@/lib/fairness/rational').payoutOf;
  const UNIT = BigInt(10) ** BigInt(6);

  beforeAll(async () => {
    database = ownDatabase('casino_mines');
    await database.open();
    db = await import('@/lib/server/db');
    mines = await import('@/lib/server/originals/mines');
    seeds = await import('@/lib/server/originals/seeds');
    board = await import('./helpers/mines');
    ladder = await import('@/lib/fairness/mines');
    ({ payoutOf } = await import('@/lib/fairness/rational'));
  }, 30_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  const newPlayer = usdtPlayers('mrace');
  const funded = (usdt: bigint) => newPlayer(usdt * UNIT);
  type Player = Awaited<ReturnType<typeof funded>>;
  let keys = 0;
  const open = (player: Player, count = 3, amount = '1') =>
    mines.openMines(player, {
      mines: count,
      currency: 'USDT',
      amount,
      idempotencyKey: `race-open-${(keys += 1)}`,
    });
  const codeOf = outcomeOf;
  const query = sqlRows;
  const balance = (userId: string, kind: string) => balanceOf(userId, kind);
  /** The game's closing postings: a settle and a payout, once each, or none while it is open. */
  const closings = async (userId: string, gameId: string) =>
    (
      await query(`SELECT key FROM ledger_transactions WHERE scope = $1 AND key LIKE $2`, [
        `mines:${userId}`,
        `%:${gameId}`,
      ])
    ).map((r) => String(r.key));

  it('20 reveals of one tile at once: one step, every answer the same game', async () => {
    const player = await funded(BigInt(10));
    const game = await open(player);
    const { safe } = await board.boardOf(game.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => mines.revealTile(player, game.id, safe[0]!)),
    );
    expect(answers.every((a) => a.state === 'open' && a.picks.join() === String(safe[0]))).toBe(
      true,
    );
    expect(await query(`SELECT picks FROM mines_games WHERE id = $1`, [game.id])).toEqual([
      { picks: [safe[0]] },
    ]);
  });

  it('20 reveals of one mine at once: lost once, the stake moved to the house once', async () => {
    const player = await funded(BigInt(10));
    const game = await open(player);
    const { mines: layout } = await board.boardOf(game.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => mines.revealTile(player, game.id, layout[0]!)),
    );
    expect(answers.every((a) => a.state === 'busted' && a.bust === layout[0])).toBe(true);
    expect((await closings(player.id, game.id)).sort()).toEqual([
      `payout:${game.id}`,
      `settle:${game.id}`,
    ]);
    expect(await balance(player.id, 'stake')).toBe(BigInt(0));
    expect(await balance(player.id, 'available')).toBe(BigInt(9) * UNIT);
  });

  it('reveals racing a cash-out: one outcome, paid for the picks it closed on', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await funded(BigInt(10));
      const game = await open(player, 3, '2');
      const { safe, mines: layout } = await board.boardOf(game.id);
      await mines.revealTile(player, game.id, safe[0]!);
      // A safe tile and (every other round) a mine, racing the cash-out.
      const next = round % 2 === 0 ? safe[1]! : layout[0]!;
      const [revealed, cashed] = await Promise.all([
        codeOf(mines.revealTile(player, game.id, next)),
        codeOf(mines.cashOut(player, game.id)),
      ]);
      const [row] = await query(
        `SELECT state, picks, payout::text AS payout FROM mines_games WHERE id = $1`,
        [game.id],
      );
      const picks = row!.picks as number[];
      if (row!.state === 'busted') {
        // The mine won the race: the cash-out found the game over.
        expect([revealed, cashed]).toEqual(['ok', 'MINES_GAME_OVER']);
        expect(row!.payout).toBe('0');
      } else {
        expect(row!.state).toBe('cashed_out');
        expect(cashed).toBe('ok');
        // The reveal either landed before the cash-out (paid for two) or found it over.
        expect(revealed).toBe(picks.length === 2 ? 'ok' : 'MINES_GAME_OVER');
        const paid = payoutOf(BigInt(2) * UNIT, ladder.minesMultiplier(3, picks.length, 100));
        expect(row!.payout).toBe(String(paid));
      }
      expect(await closings(player.id, game.id)).toHaveLength(2);
      expect(await balance(player.id, 'available')).toBe(
        BigInt(8) * UNIT + BigInt(String(row!.payout)),
      );
      expect(await balance(player.id, 'stake')).toBe(BigInt(0));
    }
  }, 60_000);

  it('a cash-out sent ten times at once is paid once', async () => {
    const player = await funded(BigInt(10));
    const game = await open(player, 5, '1');
    const { safe } = await board.boardOf(game.id);
    await mines.revealTile(player, game.id, safe[0]!);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => mines.cashOut(player, game.id)),
    );
    expect(new Set(answers.map((a) => `${a.state}:${a.payout}`)).size).toBe(1);
    const paid = payoutOf(UNIT, ladder.minesMultiplier(5, 1, 100));
    expect(await balance(player.id, 'available')).toBe(BigInt(9) * UNIT + paid);
    const wins = await query(
      `SELECT count(*)::int AS c FROM ledger_transactions WHERE scope = $1 AND type = 'win'`,
      [`mines:${player.id}`],
    );
    expect(wins).toEqual([{ c: 1 }]);
  });

  it('ten games opened at once: one opens, nine are refused, one stake held', async () => {
    const player = await funded(BigInt(100));
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => codeOf(open(player))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'MINES_GAME_OPEN')).toHaveLength(9);
    expect(await balance(player.id, 'stake')).toBe(UNIT);
    expect(await balance(player.id, 'available')).toBe(BigInt(99) * UNIT);
    // The refused opens drew nothing.
    expect((await seeds.currentSeeds(player.id)).active.nonce).toBe(1);
  });

  it('rotations racing opens: a rotation never retires the pair of an open game', async () => {
    for (let round = 0; round < 10; round++) {
      const player = await funded(BigInt(10));
      await seeds.ensureSeeds(player.id);
      const [opened, rotated] = await Promise.all([
        codeOf(open(player)),
        codeOf(seeds.rotateSeeds(player.id, `client-${round}`)),
      ]);
      expect(opened).toBe('ok');
      expect(['ok', 'SEED_ROTATION_BLOCKED']).toContain(rotated);
      const [game] = await query(
        `SELECT s.state FROM mines_games g JOIN fair_seeds s ON s.id = g.seed_id WHERE g.user_id = $1`,
        [player.id],
      );
      expect(game).toEqual({ state: 'active' });
      // And while it stays open, no rotation at all.
      expect(await codeOf(seeds.rotateSeeds(player.id, 'later'))).toBe('SEED_ROTATION_BLOCKED');
    }
  }, 60_000);
});
