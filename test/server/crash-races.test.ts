/**
 * Crash under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test` refuses to skip
 * these under CI): one cash-out sent twenty times at once, cash-outs racing the bust written at
 * its instant, joins racing each other and the start, and two engines asking for the lead. Each
 * race ends in one outcome, paid at most once, with the ledger agreeing.
 */
import { ownDatabase } from './helpers/own-database';
import { balanceOf, outcomeOf, sqlRows, usdtPlayers } from './helpers/races';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('Crash on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let bets: typeof import('@/lib/server/originals/crash/bets');
  let engine: typeof import('@/lib/server/originals/crash/engine');
  let chains: typeof import('@/lib/server/originals/crash/chain');
  let secrets: typeof import('@/lib/server/originals/crash/secrets');
  let fairness: typeof import('@/lib/fairness/crash');
  let ledger: typeof import('@/lib/server/wallet/ledger-check');
  const UNIT = BigInt(10) ** BigInt(6);

  beforeAll(async () => {
    database = ownDatabase('casino_crash');
    await database.open();
    const { config } = await import('@/lib/config');
    Object.assign(config, { CRASH_CHAIN_LENGTH: 20_000, CRASH_BETTING_MS: 2500 });
    db = await import('@/lib/server/db');
    bets = await import('@/lib/server/originals/crash/bets');
    engine = await import('@/lib/server/originals/crash/engine');
    chains = await import('@/lib/server/originals/crash/chain');
    secrets = await import('@/lib/server/originals/crash/secrets');
    fairness = await import('@/lib/fairness/crash');
    ledger = await import('@/lib/server/wallet/ledger-check');
  }, 30_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  // A race that failed midway leaves no round live for the next: a new leader ends it.
  afterEach(() => engine?.takeOver());
  const funded = usdtPlayers('crace');
  type Player = Awaited<ReturnType<typeof funded>>;
  let keys = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const query = sqlRows;
  const balance = (userId: string, kind: string) => balanceOf(userId, kind);
  const join = (player: Player, amount = '10') =>
    bets.joinRound(player, {
      currency: 'USDT',
      amount,
      idempotencyKey: `race-join-${(keys += 1)}`,
    });

  /** The next round crashing within [min, max] hundredths (the chain's next game moved to it). */
  async function roundCrashingIn(min: number, max: number) {
    const chain = await chains.activeChain();
    const [{ next }] = (await query(`SELECT next_game AS next FROM crash_chains`)) as [
      { next: number },
    ];
    for (let game = next; game <= chain.length; game += 1) {
      const hash = await chains.gameHashOf(chain, game);
      const units = fairness.crashPointUnits(hash, chain.salt!, chain.edgeBps);
      if (units >= min && units <= max) {
        await query(`UPDATE crash_chains SET next_game = $1`, [game]);
        return (await engine.openNextRound())!;
      }
    }
    throw new Error('no such game left');
  }
  async function run(round: Awaited<ReturnType<typeof roundCrashingIn>>) {
    await sleep(round.startsAt.getTime() - Date.now() + 20);
    expect(await engine.startRound(round)).toBe(true);
  }

  it('a cash-out sent twenty times at once is paid once', async () => {
    const round = await roundCrashingIn(150, 400);
    const player = await funded(BigInt(100) * UNIT);
    const bet = await join(player);
    await run(round);
    await sleep(300);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bets.cashOutBet(player, bet.id)),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const paid = BigInt(Math.round(Number(answers[0]!.payout!) * 1e6));
    expect(await balance(player.id, 'available')).toBe(BigInt(90) * UNIT + paid);
    expect(await balance(player.id, 'stake')).toBe(BigInt(0));
    await engine.takeOver();
  }, 60_000);

  it('cash-outs racing the bust at its instant: each either paid before the instant or lost, never both', async () => {
    const round = await roundCrashingIn(105, 115);
    const { bustMs } = await secrets.roundSecrets(round);
    const players = await Promise.all(Array.from({ length: 8 }, () => funded(BigInt(50) * UNIT)));
    const joined = await Promise.all(players.map((p) => join(p)));
    await run(round);
    // Everyone presses at the last moment while the engine writes the bust as soon as it may.
    await sleep(bustMs - Date.now() - 15);
    const busting = (async () => {
      while (!(await engine.bustRound(round))) await sleep(1);
    })();
    const outcomes = await Promise.all(
      players.map((p, i) => outcomeOf(bets.cashOutBet(p, joined[i]!.id))),
    );
    await busting;
    const rows = (await query(
      `SELECT id, state, payout::text AS payout, extract(epoch FROM cashed_at) * 1000 AS at FROM crash_bets WHERE round_id = $1`,
      [round.id],
    )) as Array<{ id: string; state: string; payout: string; at: string | null }>;
    for (const [i, player] of players.entries()) {
      const row = rows.find((r) => r.id === joined[i]!.id)!;
      if (outcomes[i] === 'ok') {
        expect(row.state).toBe('cashed_out');
        expect(Number(row.at)).toBeLessThan(bustMs);
        expect(await balance(player.id, 'available')).toBe(BigInt(40) * UNIT + BigInt(row.payout));
      } else {
        expect(outcomes[i]).toBe('CRASH_TOO_LATE');
        expect(row.state).toBe('busted');
        expect(await balance(player.id, 'available')).toBe(BigInt(40) * UNIT);
      }
      expect(await balance(player.id, 'stake')).toBe(BigInt(0));
    }
  }, 60_000);

  it('joins racing the start: each is in the round with its stake held, or refused with nothing held', async () => {
    const round = await roundCrashingIn(200, 100_000);
    const players = await Promise.all(Array.from({ length: 10 }, () => funded(BigInt(20) * UNIT)));
    await sleep(round.startsAt.getTime() - Date.now() - 20);
    const outcomes = await Promise.all(players.map((p) => outcomeOf(join(p))));
    const starting = engine.startRound(round);
    await starting;
    for (const [i, player] of players.entries()) {
      const held = await balance(player.id, 'stake');
      if (outcomes[i] === 'ok') expect(held).toBe(BigInt(10) * UNIT);
      else {
        expect(outcomes[i]).toBe('CRASH_BETTING_CLOSED');
        expect(held).toBe(BigInt(0));
        expect(await balance(player.id, 'available')).toBe(BigInt(20) * UNIT);
      }
    }
    // Ended by a new leader: every bet in it refunded once.
    await Promise.all([engine.takeOver(), engine.takeOver()]);
    for (const player of players) {
      expect(await balance(player.id, 'available')).toBe(BigInt(20) * UNIT);
      expect(await balance(player.id, 'stake')).toBe(BigInt(0));
    }
    expect(await ledger.checkLedger()).toEqual([]);
  }, 60_000);

  it('two engines: one holds the lead at a time, and the other takes it when the first lets go', async () => {
    const handle = await db.getDbHandle();
    const first = await handle.pin!();
    const second = await handle.pin!();
    const ask = async (conn: typeof first) =>
      (await conn.query('SELECT pg_try_advisory_lock($1) AS ok', [engine.CRASH_LEAD_LOCK])).rows[0]
        ?.ok;
    expect(await ask(first)).toBe(true);
    expect(await ask(second)).toBe(false);
    // The leader's connection dies (its process killed): the lock goes with it.
    first.release(true);
    await sleep(100);
    expect(await ask(second)).toBe(true);
    await second.query('SELECT pg_advisory_unlock($1)', [engine.CRASH_LEAD_LOCK]);
    second.release();
  });
});
