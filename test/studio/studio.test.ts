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
