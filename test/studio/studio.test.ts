/**
 * The studio's sessions in memory: a session a day idle is forgotten at the next launch, one in
 * use is kept; a guest's fun session plays with its own play money and never calls the wallet.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Studio } from '@/studio/studio';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const DAY = 24 * 60 * 60_000;

function studioWithWallet() {
  const calls: string[] = [];
  const studio = new Studio({
    privateKey,
    engineOf: (code) => (code === 'wheel' ? 'wheel' : null),
    send: async (op) => {
      calls.push(op);
      return { status: 'RS_OK', balance: 1_000_000 };
    },
  });
  return { studio, calls };
}

const player = { user: 'u1', token: 'token-1', currency: 'USDT', game_code: 'wheel' };

describe('the studio’s sessions', () => {
  afterEach(() => jest.restoreAllMocks());

  it('forgets a session a day idle at the next launch, and keeps one in use', async () => {
    const { studio } = studioWithWallet();
    let now = Date.UTC(2026, 10, 30);
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const idle = studio.launch(player)!;
    const used = studio.launch(player)!;
    now += DAY - 1_000;
    expect(await studio.play(used.id, { bets: { 1: 100 } })).toMatchObject({ ok: true });
    now += 2_000;
    const fresh = studio.launch(player)!;
    expect(studio.session(idle.id)).toBeNull();
    expect(studio.session(used.id)).not.toBeNull();
    expect(studio.session(fresh.id)).not.toBeNull();
  });

  it('refuses a launch for a game it does not play, or without a player or fun mode', () => {
    const { studio } = studioWithWallet();
    expect(studio.launch({ ...player, game_code: 'slot' })).toBeNull();
    expect(studio.launch({ currency: 'USDT', game_code: 'wheel' })).toBeNull();
    expect(studio.launch({ currency: 'XXX', game_code: 'wheel', user: 'u1' })).toBeNull();
  });

  it('a fun session plays with play money and never calls the wallet', async () => {
    const { studio, calls } = studioWithWallet();
    const fun = studio.launch({ currency: 'XXX', game_code: 'wheel' })!;
    expect(fun.fun).toBe(100_000_000);
    const played = await studio.play(fun.id, { bets: { 1: 1_000_000 } });
    expect(played).toMatchObject({ ok: true });
    const payout = played!.ok ? played!.round!.payout : 0;
    expect(studio.session(fun.id)!.fun).toBe(100_000_000 - 1_000_000 + payout);
    expect(await studio.balance(fun.id)).toEqual({
      status: 'RS_OK',
      balance: 100_000_000 - 1_000_000 + payout,
    });
    expect(calls).toEqual([]);
  });
});

describe('wins the platform does not answer', () => {
  afterEach(() => jest.useRealTimers());

  it('are recorded, said to be pending, and sent again with the same bytes until answered', async () => {
    const sent: Array<{ op: string; bytes: string }> = [];
    let down = true;
    const studio = new Studio({
      privateKey,
      engineOf: () => 'wheel',
      send: async (op, bytes) => {
        sent.push({ op, bytes });
        if (op === 'transaction/win' && down) throw new Error('unreachable');
        return { status: 'RS_OK', balance: 5 };
      },
    });
    const session = studio.launch(player)!;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const playing = studio.play(session.id, { bets: { 1: 100 } });
    await jest.advanceTimersByTimeAsync(10_000);
    const answer = await playing;
    expect(answer).toMatchObject({ ok: true, pending: true, balance: null });
    // The round is in the history, whatever the wallet said.
    expect(studio.session(session.id)!.rounds).toHaveLength(1);
    const wins = () => sent.filter((s) => s.op === 'transaction/win');
    expect(wins()).toHaveLength(5);
    expect(new Set(wins().map((w) => w.bytes)).size).toBe(1);
    // Still down at the next retry: kept; back up: delivered, the same bytes once more.
    expect(await studio.retryUndelivered()).toBe(1);
    down = false;
    expect(await studio.retryUndelivered()).toBe(0);
    expect(new Set(wins().map((w) => w.bytes)).size).toBe(1);
    expect(wins()).toHaveLength(7);
  });

  it('ending a session while one of its calls runs is refused, not mistaken for no session', async () => {
    let release: () => void = () => undefined;
    const studio = new Studio({
      privateKey,
      engineOf: () => 'wheel',
      send: (op) =>
        op === 'transaction/bet'
          ? new Promise((resolve) => (release = () => resolve({ status: 'RS_OK', balance: 1 })))
          : Promise.resolve({ status: 'RS_OK', balance: 1 }),
    });
    const session = studio.launch(player)!;
    const playing = studio.play(session.id, { bets: { 1: 100 } });
    expect(await studio.end(session.id)).toBeNull();
    expect(studio.session(session.id)).not.toBeNull();
    release();
    expect(await playing).toMatchObject({ ok: true });
    expect((await studio.end(session.id))!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a blackjack round left open', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is finished (hands standing, its win sent) when its idle session is forgotten', async () => {
    const sent: string[] = [];
    const studio = new Studio({
      privateKey,
      engineOf: () => 'blackjack',
      send: async (op, bytes) => {
        sent.push(`${op} ${JSON.parse(bytes).round ?? ''}`);
        return { status: 'RS_OK', balance: 1_000_000 };
      },
    });
    let now = Date.UTC(2026, 10, 30);
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    let id = '';
    for (let open = false; !open;) {
      id = studio.launch(player)!.id;
      const dealt = await studio.play(id, { stake: 200 });
      open = dealt?.ok === true && dealt.table?.state !== 'settled';
    }
    const round = `${id}:0`;
    expect(sent).not.toContain(`transaction/win ${round}`);
    now += DAY + 1;
    studio.launch(player);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toContain(`transaction/win ${round}`);
    expect(studio.session(id)).toBeNull();
    expect(studio.table(id)).toBeNull();
  });
});
