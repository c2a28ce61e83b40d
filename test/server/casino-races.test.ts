/**
 * The seamless wallet under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test` refuses
 * to skip these under CI): twenty bets at once on a balance that covers one, the same bet sent ten
 * times at once, a rollback racing its own bet, a win racing the rollback of its bet, and many
 * players' calls at once (posted together, lib/server/casino/group-commit.ts). Each race ends in one
 * outcome, with the money moved once and the ledger agreeing.
 */
import { randomUUID } from 'node:crypto';
import { ownDatabase } from './helpers/own-database';
import { balanceOf, sqlRows, usdtPlayers } from './helpers/races';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('the casino wallet on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let wallet: typeof import('@/lib/server/casino/wallet');
  let sessions: typeof import('@/lib/server/casino/sessions');
  let lookup: typeof import('@/lib/server/casino/lookup');
  let ledger: typeof import('@/lib/server/wallet/ledger-check');
  let gameCode: string;
  const UNIT = BigInt(10) ** BigInt(6);
  const funded = usdtPlayers('casrace');

  beforeAll(async () => {
    database = ownDatabase('casino_wallet');
    await database.open();
    db = await import('@/lib/server/db');
    wallet = await import('@/lib/server/casino/wallet');
    sessions = await import('@/lib/server/casino/sessions');
    lookup = await import('@/lib/server/casino/lookup');
    ledger = await import('@/lib/server/wallet/ledger-check');
    const [row] = await sqlRows(`SELECT game_id FROM games ORDER BY slug LIMIT 1`);
    gameCode = String(row!.game_id);
  }, 30_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  /** A funded player with a live session on the game, and a maker of their money calls. */
  async function playing(units: bigint) {
    const player = await funded(units);
    const token = await sessions.openSession({
      provider: 'race',
      userId: player.id,
      authSessionId: null,
      gameCode,
      currency: 'USDT',
    });
    const { session: found } = await lookup.callContext({
      provider: 'race',
      userId: player.id,
      token: token!,
      uuid: null,
      reference: null,
      gameCode,
    });
    const session = found!;
    const callOf = (over: Partial<import('@/lib/server/casino/wallet').WalletCall>) => ({
      provider: 'race',
      uuid: randomUUID(),
      userId: player.id,
      currency: 'USDT',
      gameCode,
      round: randomUUID(),
      roundClosed: false,
      amount: UNIT,
      hash: 'h',
      ...over,
    });
    return { player, session, callOf };
  }
  const outcome = (a: { ok: boolean; error?: string }) => (a.ok ? 'ok' : a.error!);
  /** What a call reads before the player's lock (the adapter's lookup). */
  const lookedUp = (call: import('@/lib/server/casino/wallet').WalletCall) =>
    lookup.callContext(wallet.keysOf(call));

  it('a launch racing its sign-out never leaves a session that takes bets', async () => {
    const { createSession, revokeSession } = await import('@/lib/server/auth/session');
    for (let i = 0; i < 10; i += 1) {
      const player = await funded(UNIT);
      await createSession(player.id);
      const [{ id: signIn }] = (await sqlRows(`SELECT id FROM sessions WHERE user_id = $1`, [
        player.id,
      ])) as [{ id: string }];
      await Promise.all([
        sessions.openSession({
          provider: 'race',
          userId: player.id,
          authSessionId: signIn,
          gameCode,
          currency: 'USDT',
        }),
        revokeSession(signIn),
      ]);
      const [live] = await sqlRows(
        `SELECT count(*)::int AS n FROM casino_sessions WHERE user_id = $1 AND revoked_at IS NULL`,
        [player.id],
      );
      expect(live).toEqual({ n: 0 });
    }
  });

  it('twenty bets at once on a balance that covers one: one is taken', async () => {
    const { player, session, callOf } = await playing(BigInt(15) * UNIT);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        wallet.placeBet(callOf({ amount: BigInt(10) * UNIT }), session),
      ),
    );
    expect(answers.map(outcome).sort()).toEqual([
      ...Array.from({ length: 19 }, () => 'not_enough_money'),
      'ok',
    ]);
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(5) * UNIT);
  });

  it('one bet sent ten times at once is taken once, and every answer is the first', async () => {
    const { player, session, callOf } = await playing(BigInt(100) * UNIT);
    const call = callOf({ amount: BigInt(7) * UNIT });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => wallet.placeBet(call, session)),
    );
    expect(
      new Set(answers.map((a) => JSON.stringify({ ...a, balance: String(a.balance) }))),
    ).toEqual(new Set([JSON.stringify({ ok: true, balance: String(BigInt(93) * UNIT) })]));
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(93) * UNIT);
  });

  it('a rollback racing its own bet: the stake is never lost and never given twice', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { player, session, callOf } = await playing(BigInt(50) * UNIT);
      const bet = callOf({ amount: BigInt(20) * UNIT });
      const rollback = callOf({ reference: bet.uuid, round: bet.round, amount: BigInt(0) });
      const [placed, rolled] = await Promise.all([
        wallet.placeBet(bet, session),
        wallet.rollBack(rollback),
      ]);
      expect(outcome(rolled)).toBe('ok');
      // Either the bet came first and was given back, or the tombstone came first and refused it.
      expect(['ok', 'rolled_back']).toContain(outcome(placed));
      expect(await balanceOf(player.id, 'available')).toBe(BigInt(50) * UNIT);
      // A retry of the bet after both is refused either way.
      expect(outcome(await wallet.placeBet(bet, session))).toMatch(/^(ok|rolled_back)$/);
      expect(await balanceOf(player.id, 'available')).toBe(BigInt(50) * UNIT);
    }
  });

  // The two orders the races above leave to chance, made certain: the call reads before its
  // rollback lands, and takes the player's lock after it.
  it('a bet read before its rollback landed and taken after it is refused; nothing is debited', async () => {
    const { player, session, callOf } = await playing(BigInt(50) * UNIT);
    const bet = callOf({ amount: BigInt(20) * UNIT });
    const known = await lookedUp(bet);
    const rollback = callOf({ reference: bet.uuid, round: bet.round, amount: BigInt(0) });
    expect(outcome(await wallet.rollBack(rollback))).toBe('ok');
    expect(await wallet.placeBet(bet, session, known)).toEqual({
      ok: false,
      error: 'rolled_back',
      balance: BigInt(50) * UNIT,
    });
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(50) * UNIT);
    expect(await sqlRows(`SELECT 1 FROM casino_rounds WHERE ref = $1`, [bet.round])).toEqual([]);
  });

  it('a win read before its bet was rolled back and paid after it is refused; nothing is paid', async () => {
    const { player, session, callOf } = await playing(BigInt(50) * UNIT);
    const bet = callOf({ amount: BigInt(10) * UNIT });
    expect(outcome(await wallet.placeBet(bet, session))).toBe('ok');
    const win = callOf({ reference: bet.uuid, round: bet.round, amount: BigInt(30) * UNIT });
    const known = await lookedUp(win);
    const rollback = callOf({ reference: bet.uuid, round: bet.round, amount: BigInt(0) });
    expect(outcome(await wallet.rollBack(rollback))).toBe('ok');
    expect(await wallet.payWin(win, known)).toEqual({
      ok: false,
      error: 'rolled_back',
      balance: BigInt(50) * UNIT,
    });
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(50) * UNIT);
    expect(await ledger.checkLedger()).toEqual([]);
  });

  it('a win racing the rollback of its bet: both land in one order or the win is refused', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { player, session, callOf } = await playing(BigInt(50) * UNIT);
      const bet = callOf({ amount: BigInt(10) * UNIT });
      expect(outcome(await wallet.placeBet(bet, session))).toBe('ok');
      const win = callOf({ reference: bet.uuid, round: bet.round, amount: BigInt(30) * UNIT });
      const rollback = callOf({ reference: bet.uuid, round: bet.round, amount: BigInt(0) });
      const [won, rolled] = await Promise.all([wallet.payWin(win), wallet.rollBack(rollback)]);
      expect(outcome(rolled)).toBe('ok');
      const after = await balanceOf(player.id, 'available');
      if (outcome(won) === 'ok') {
        // The win came first: the stake comes back once and the win stays (the round is flagged).
        expect(after).toBe(BigInt(80) * UNIT);
        const [round] = await sqlRows(`SELECT flagged FROM casino_rounds WHERE ref = $1`, [
          bet.round,
        ]);
        expect(round).toEqual({ flagged: true });
      } else {
        expect(outcome(won)).toBe('rolled_back');
        expect(after).toBe(BigInt(50) * UNIT);
      }
    }
    expect(await ledger.checkLedger()).toEqual([]);
  });

  /** Postings of one transaction share its start time: fewer times than postings means batches. */
  async function transactionsOf(keys: string[]): Promise<number> {
    const [row] = await sqlRows(
      `SELECT count(DISTINCT created_at)::int AS n FROM ledger_transactions
        WHERE scope = 'casino:race' AND key = ANY($1)`,
      [keys],
    );
    return Number(row!.n);
  }

  it("forty players' bets and closing wins at once: posted together, each answered as alone", async () => {
    const players = await Promise.all(
      Array.from({ length: 40 }, () => playing(BigInt(100) * UNIT)),
    );
    const bets = players.map(({ callOf }) => callOf({ amount: BigInt(10) * UNIT }));
    const placed = await Promise.all(
      bets.map((bet, i) => wallet.placeBet(bet, players[i]!.session)),
    );
    // Each answer is its own player's balance after its own bet.
    expect(placed).toEqual(bets.map(() => ({ ok: true, balance: BigInt(90) * UNIT })));
    expect(await transactionsOf(bets.map((b) => `bet:${b.uuid}`))).toBeLessThan(40);

    const wins = bets.map((bet, i) =>
      players[i]!.callOf({
        reference: bet.uuid,
        round: bet.round,
        roundClosed: true,
        amount: BigInt(25 + i) * UNIT,
      }),
    );
    const won = await Promise.all(wins.map((win) => wallet.payWin(win)));
    expect(won).toEqual(wins.map((_, i) => ({ ok: true, balance: BigInt(115 + i) * UNIT })));
    expect(await transactionsOf(wins.map((w) => `win:${w.uuid}`))).toBeLessThan(40);
    for (const [i, { player }] of players.entries()) {
      expect(await balanceOf(player.id, 'available')).toBe(BigInt(115 + i) * UNIT);
    }
    // Every round closed by its win is settled once, with its own stake and payout.
    const settled = await sqlRows(
      `SELECT g.round_id, g.stake::text, g.payout::text, g.state,
          (SELECT count(*)::int FROM domain_events e
            WHERE e.aggregate = 'bet:casino:' || g.round_id AND e.type = 'bet.settled') AS events
         FROM game_rounds g JOIN casino_rounds r ON r.id::text = g.round_id
        WHERE g.product = 'casino' AND r.ref = ANY($1)`,
      [bets.map((b) => b.round)],
    );
    expect(settled).toHaveLength(40);
    const payouts = settled.map((row) => row.payout).sort();
    expect(payouts).toEqual(wins.map((w) => String(w.amount)).sort());
    for (const row of settled) {
      expect(row).toMatchObject({ stake: String(BigInt(10) * UNIT), state: 'settled', events: 1 });
    }
    // The batches took the house slots in turn, each one the configuration has (`house:casino/<n>`).
    const { config } = await import('@/lib/config');
    const houses = await sqlRows(`SELECT owner FROM ledger_accounts WHERE house = 'casino'`);
    expect(houses.length).toBeGreaterThan(1);
    for (const { owner } of houses) {
      expect(Number(String(owner).split('/')[1] ?? 0)).toBeLessThan(config.HOUSE_SLOTS);
    }
    expect(await ledger.checkLedger()).toEqual([]);
  });

  it('calls refused among many at once get their own answers; only the others move money', async () => {
    const good = await Promise.all(Array.from({ length: 20 }, () => playing(BigInt(100) * UNIT)));
    const poor = await playing(BigInt(5) * UNIT);
    const signedOut = await playing(BigInt(100) * UNIT);
    await sessions.revokeSessions(signedOut.player.id, 'sign_out');
    const tombstoned = await playing(BigInt(100) * UNIT);
    const early = tombstoned.callOf({ amount: BigInt(10) * UNIT });
    const rollback = tombstoned.callOf({
      reference: early.uuid,
      round: early.round,
      amount: BigInt(0),
    });
    expect(outcome(await wallet.rollBack(rollback))).toBe('ok');
    const twice = good[0]!;

    const calls: Array<[(typeof good)[number], ReturnType<typeof twice.callOf>]> = [
      ...good.map(
        (p) =>
          [p, p.callOf({ amount: BigInt(10) * UNIT })] as [typeof p, ReturnType<typeof p.callOf>],
      ),
      [twice, twice.callOf({ amount: BigInt(10) * UNIT })],
      [poor, poor.callOf({ amount: BigInt(10) * UNIT })],
      [signedOut, signedOut.callOf({ amount: BigInt(10) * UNIT })],
      [tombstoned, early],
    ];
    const answers = await Promise.all(calls.map(([p, call]) => wallet.placeBet(call, p.session)));
    expect(answers.slice(0, 21).map(outcome)).toEqual(Array.from({ length: 21 }, () => 'ok'));
    expect(answers.slice(21)).toEqual([
      { ok: false, error: 'not_enough_money', balance: BigInt(5) * UNIT },
      { ok: false, error: 'token_expired', balance: BigInt(100) * UNIT },
      { ok: false, error: 'rolled_back', balance: BigInt(100) * UNIT },
    ]);
    // The player with two bets among them: both taken, one after the other.
    expect(await balanceOf(twice.player.id, 'available')).toBe(BigInt(80) * UNIT);
    expect([answers[0]!.balance, answers[20]!.balance].sort()).toEqual([
      BigInt(80) * UNIT,
      BigInt(90) * UNIT,
    ]);
    for (const p of good.slice(1)) {
      expect(await balanceOf(p.player.id, 'available')).toBe(BigInt(90) * UNIT);
    }
    for (const [p, units] of [
      [poor, 5],
      [signedOut, 100],
      [tombstoned, 100],
    ] as const) {
      expect(await balanceOf(p.player.id, 'available')).toBe(BigInt(units) * UNIT);
    }
    expect(await ledger.checkLedger()).toEqual([]);
  });

  it("a player whose row another transaction holds does not hold the other players' calls", async () => {
    const { underPlayerLock } = await import('@/lib/server/wallet/player-lock');
    const others = await Promise.all(Array.from({ length: 10 }, () => playing(BigInt(100) * UNIT)));
    const held = await playing(BigInt(100) * UNIT);
    let release!: () => void;
    const locked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const isHeld = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // Another transaction keeps the player's row (as a slow withdrawal would) until released.
    const holder = underPlayerLock(held.player.id, async () => {
      holding();
      await locked;
    });
    await isHeld;
    const started = Date.now();
    // The held player's call comes last: it is read, and posted, with the others'.
    const calls = [...others, held].map((p) => ({
      p,
      call: p.callOf({ amount: BigInt(10) * UNIT }),
    }));
    const done = calls.map(({ p, call }) =>
      wallet.placeBet(call, p.session).then((answer) => ({ answer, ms: Date.now() - started })),
    );
    const theOthers = await Promise.all(done.slice(0, 10));
    const waited = Math.max(...theOthers.map((o) => o.ms));
    release();
    await holder;
    const last = await done[10]!;
    expect(theOthers.map((o) => outcome(o.answer))).toEqual(Array.from({ length: 10 }, () => 'ok'));
    // Far less than the held player's own call may wait for its row (POST_LOCK_TIMEOUT_MS).
    expect(waited).toBeLessThan(1500);
    expect(last.answer).toEqual({ ok: true, balance: BigInt(90) * UNIT });
    expect(await ledger.checkLedger()).toEqual([]);
  });

  it('a lookup PostgreSQL cannot read fails alone, not the lookups read beside it', async () => {
    const players = await Promise.all(Array.from({ length: 9 }, () => playing(UNIT)));
    const keys = players.map(({ player }) => ({
      provider: 'race',
      userId: player.id,
      token: null,
      uuid: randomUUID(),
      reference: null,
      gameCode,
    }));
    // Last, so it is read together with others (the first reads go alone).
    const bad = { ...keys[0]!, gameCode: 'bad\u0000code' };
    const read = await Promise.allSettled([...keys, bad].map((k) => lookup.callContext(k)));
    expect(read.slice(0, 9).map((r) => r.status)).toEqual(
      Array.from({ length: 9 }, () => 'fulfilled'),
    );
    for (const [i, r] of read.slice(0, 9).entries()) {
      expect(r.status === 'fulfilled' && r.value.player?.id).toBe(players[i]!.player.id);
      expect(r.status === 'fulfilled' && r.value.rtp).not.toBeNull();
    }
    expect(read[9]!.status).toBe('rejected');
  });
});
