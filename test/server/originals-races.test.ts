/**
 * The originals under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test` refuses to
 * skip these under CI): bets racing for one balance, one key sent many times, a burst of bets on
 * one pair of seeds, and rotations racing bets — no draw used twice, no bet on two pairs.
 */
import { ownDatabase } from './helpers/own-database';
import { outcomeOf, usdtPlayers } from './helpers/races';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('originals on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let bets: typeof import('@/lib/server/originals/bets');
  let seeds: typeof import('@/lib/server/originals/seeds');
  let fairness: typeof import('@/lib/fairness/outcome');
  let schemas: typeof import('@/lib/schemas/originals');
  const UNIT = BigInt(10) ** BigInt(6);

  beforeAll(async () => {
    database = ownDatabase('casino_originals');
    await database.open();
    db = await import('@/lib/server/db');
    bets = await import('@/lib/server/originals/bets');
    seeds = await import('@/lib/server/originals/seeds');
    fairness = await import('@/lib/fairness/outcome');
    schemas = await import('@/lib/schemas/originals');
  }, 30_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  const newPlayer = usdtPlayers('orace');
  const funded = (usdt: bigint, units = usdt * UNIT) => newPlayer(units);
  type Player = Awaited<ReturnType<typeof funded>>;
  const dice = (player: Player, key: string, extra: Record<string, unknown> = {}) =>
    bets.placeBet(
      player,
      schemas.betRequestSchema.parse({
        game: 'dice',
        target: 50,
        side: 'over',
        currency: 'USDT',
        amount: '1',
        idempotencyKey: key,
        ...extra,
      }),
    );
  const codeOf = outcomeOf;
  async function query(text: string, params: unknown[] = []) {
    return (await (await db.getDbHandle()).sql(text, params)).rows;
  }
  const available = async (userId: string) =>
    String(
      (
        await query(
          `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND kind = 'available'`,
          [`player:${userId}`],
        )
      )[0]?.b,
    );

  it('20 bets at once on a balance that covers one: one bet', async () => {
    // 0.1 USDT, all of it on Limbo at 1,000,000× (a loss but about once in a million), so the
    // first bet taken leaves nothing for the others.
    const player = await funded(BigInt(0), UNIT / BigInt(10));
    const limbo = { game: 'limbo', target: 1_000_000, side: undefined, amount: '0.1' };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => codeOf(dice(player, `cover-one-${i}`, limbo))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'INSUFFICIENT_FUNDS')).toBe(true);
    const [placed] = await query(
      `SELECT nonce, payout::text FROM original_bets WHERE user_id = $1`,
      [player.id],
    );
    expect(placed).toMatchObject({ nonce: 0 });
    expect(await available(player.id)).toBe(String(placed!.payout));
    // The refused bets drew nothing: the pair's next nonce is 1.
    expect((await seeds.currentSeeds(player.id)).active.nonce).toBe(1);
  });

  it('one key sent 20 times at once: one bet, the same answer to all; another target is a 422', async () => {
    const player = await funded(BigInt(100));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => dice(player, 'one-key-twenty')),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.nonce))).toEqual(new Set([0]));
    expect(await codeOf(dice(player, 'one-key-twenty', { target: 60 }))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    const moved = await query(
      `SELECT count(*)::int AS c FROM ledger_transactions WHERE scope = $1`,
      [`originals:${player.id}`],
    );
    expect(moved).toEqual([{ c: 2 }]);
  });

  it('100 bets at once take 100 consecutive nonces, none retried', async () => {
    const player = await funded(BigInt(1000));
    const placed = await Promise.all(
      Array.from({ length: 100 }, (_, i) => dice(player, `hundred-${i}`)),
    );
    expect(placed.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    expect((await seeds.currentSeeds(player.id)).active.nonce).toBe(100);
  }, 60_000);

  it('rotations racing bets: every bet on exactly one pair, no draw twice, each verifies', async () => {
    const player = await funded(BigInt(1000));
    await seeds.ensureSeeds(player.id);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i += 1) {
      work.push(codeOf(dice(player, `mixed-bet-${i}`)));
      work.push(codeOf(seeds.rotateSeeds(player.id, `client-${i}`)));
    }
    const outcomes = await Promise.all(work);
    expect(outcomes.every((o) => o === 'ok')).toBe(true);
    // One more rotation retires whatever pair was left active, so every bet can be verified.
    await seeds.rotateSeeds(player.id, 'final');

    const placed = await query(
      `SELECT b.seed_id, b.nonce, b.params, b.result, b.edge_bps, s.revealed, s.client_seed,
         s.server_seed_hash, s.nonce AS used
       FROM original_bets b JOIN fair_seeds s ON s.id = b.seed_id WHERE b.user_id = $1`,
      [player.id],
    );
    expect(placed).toHaveLength(100);
    const draws = new Set(placed.map((r) => `${r.seed_id}:${r.nonce}`));
    expect(draws.size).toBe(100);
    const servers = await query(`SELECT revealed FROM fair_seeds WHERE user_id = $1`, [player.id]);
    const revealed = servers.flatMap((s) => (s.revealed ? [String(s.revealed)] : []));
    expect(new Set(revealed).size).toBe(revealed.length);
    for (const row of placed) {
      // Each pair's bets are its nonces 0 … used − 1: no gap, none beyond what the pair counted.
      expect(Number(row.nonce)).toBeLessThan(Number(row.used));
      const params = schemas.betParamsSchema.parse(row.params);
      const outcome = fairness.play(
        schemas.fairBetOf(params),
        String(row.revealed),
        String(row.client_seed),
        Number(row.nonce),
        Number(row.edge_bps),
      );
      expect(row.result).toMatchObject({ ...outcome.result, win: outcome.win });
    }
    const perPair = new Map<string, number[]>();
    for (const row of placed) {
      perPair.set(String(row.seed_id), [
        ...(perPair.get(String(row.seed_id)) ?? []),
        Number(row.nonce),
      ]);
    }
    for (const nonces of perPair.values()) {
      expect(nonces.sort((a, b) => a - b)).toEqual(nonces.map((_, i) => i));
    }
  }, 120_000);
});
