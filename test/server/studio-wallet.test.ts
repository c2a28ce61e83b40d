/**
 * The demo studio as the platform's aggregator, end to end on a fresh embedded database: the
 * platform launches through the studio's signed Games API, the studio plays its games' rounds
 * through the platform's signed Wallet API, and after 1,000 rounds the ledger and the studio's
 * history agree to the unit; a session's revealed seed recomputes every round.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST as playRoute } from '@/app/api/v1/games/[slug]/play/route';
import { config } from '@/lib/config';
import { operatorPrivateKey } from '@/lib/server/casino/hub88/keys';
import { closeDb } from '@/lib/server/db';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { studioApp } from '@/studio/app';
import { engine, floatStream, type EngineName } from '@/studio/games/engines';
import { studioKeys } from '@/studio/keys';
import type { Studio, StudioSession } from '@/studio/studio';
import { call, request } from './helpers/api';
import { sqlRows } from './helpers/races';
import { availableUsdt, studioAsAggregator, studioOnPlatform } from './helpers/studio';
import { fundedPlayer } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
let restoreConfig: () => void = () => undefined;
let server: Server;
let origin: string;
const engines = new Map<string, EngineName>();
const slugs = new Map<EngineName, string>();
let studio: Studio;

beforeAll(async () => {
  mutable.HUB88_KEY_DIR = path.join(tmpdir(), `studio-op-${randomUUID()}`);
  const keys = studioKeys(path.join(tmpdir(), `studio-${randomUUID()}`));
  const games = await sqlRows(`SELECT slug, game_id FROM games ORDER BY slug LIMIT 4`);
  (['slot', 'roulette', 'baccarat', 'wheel'] as const).forEach((name, i) => {
    engines.set(String(games[i]!.game_id), name);
    slugs.set(name, String(games[i]!.slug));
  });
  studio = studioOnPlatform(keys.privateKey, (code) => engines.get(code) ?? null);
  server = createServer((req, res) => {
    void studioApp(studio, { origin, operatorKey: createPublicKey(operatorPrivateKey()) })(
      req,
      res,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  restoreConfig = studioAsAggregator(origin, keys.publicPem);
});

afterAll(async () => {
  restoreConfig();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

/** USDT's ledger unit is 10⁻⁶, Hub88's 10⁻⁵. */
const LEDGER_PER_HUB88 = BigInt(10);
let n = 0;

async function launchedOn(name: EngineName): Promise<{ userId: string; session: StudioSession }> {
  const player = await fundedPlayer(
    `studio-${(n += 1)}@example.com`,
    'USDT',
    BigInt(1000) * BigInt(10) ** BigInt(6),
  );
  const slug = slugs.get(name)!;
  const played = await call<{ mode: string; launchUrl: string }>(
    (req) => playRoute(req, { params: Promise.resolve({ slug }) }),
    request('POST', `/games/${slug}/play`, { token: player.token }),
  );
  expect(played.data?.mode).toBe('real');
  const id = new URL(played.data!.launchUrl).pathname.split('/')[2]!;
  return { userId: player.userId, session: studio.session(id)! };
}

const available = availableUsdt;

/** A round's input for each engine: stakes in Hub88's integers (0.20 to 2 USDT). */
function inputFor(name: EngineName, r: number): unknown {
  const stake = 20_000 * (1 + (r % 5));
  if (name === 'slot') return { stake };
  if (name === 'roulette') {
    return {
      bets: [
        { kind: 'straight', numbers: [r % 37], amount: stake },
        {
          kind: 'red',
          numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
          amount: stake,
        },
      ],
    };
  }
  if (name === 'baccarat')
    return { bets: r % 2 ? { banker: stake } : { player: stake, tie: 10_000 } };
  return { bets: { 1: stake, 47: 10_000 } };
}

describe('the studio as the aggregator', () => {
  it('launches through the signed Games API and refuses an unsigned launch', async () => {
    const { session } = await launchedOn('roulette');
    expect(session).toMatchObject({
      engine: 'roulette',
      currency: 'USDT',
      nonce: 0,
      serverSeed: null,
    });
    expect(session.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const forged = await fetch(`${origin}/operator/generic/v2/game/url`, {
      method: 'POST',
      body: JSON.stringify({ user: 'x', token: 'y', game_code: [...engines.keys()][0] }),
    });
    expect(forged.status).toBe(401);
    // A round over HTTP, as the frame plays it.
    const answer = await fetch(`${origin}/play/${session.id}/round`, {
      method: 'POST',
      body: JSON.stringify(inputFor('roulette', 1)),
    });
    expect(((await answer.json()) as { ok: boolean }).ok).toBe(true);
    expect(
      (await fetch(`${origin}/play/${session.id}/round`, { method: 'POST', body: '{}' })).status,
    ).toBe(400);
  });

  it('1,000 rounds of its four games: the ledger and the studio’s history agree to the unit', async () => {
    const players = await Promise.all(
      (['slot', 'roulette', 'baccarat', 'wheel'] as const).map(async (name) => ({
        name,
        ...(await launchedOn(name)),
      })),
    );
    const before = await Promise.all(players.map((p) => available(p.userId)));
    for (let r = 0; r < 1000; r += 1) {
      const p = players[r % players.length]!;
      const answer = await studio.play(p.session.id, inputFor(p.name, r));
      expect(answer?.ok).toBe(true);
    }
    for (const [i, p] of players.entries()) {
      const { rounds } = studio.session(p.session.id)!;
      expect(rounds).toHaveLength(250);
      const net = rounds.reduce((t, r) => t + BigInt(r.payout) - BigInt(r.stake), BigInt(0));
      expect(await available(p.userId)).toBe(before[i]! + net * LEDGER_PER_HUB88);
      // The platform's answer after each round is the balance the studio shows.
      expect(BigInt(rounds.at(-1)!.balance!) * LEDGER_PER_HUB88).toBe(await available(p.userId));
    }
    expect(await checkLedger()).toEqual([]);

    // Ending a session reveals its seed; every round is computed again from it.
    const slot = players[0]!;
    const ended = (await studio.end(slot.session.id))!;
    expect(ended.serverSeed).not.toBeNull();
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(ended.serverSeed!).digest('hex')).toBe(ended.serverSeedHash);
    for (const round of ended.rounds) {
      const again = engine('slot').settle(
        round.input,
        floatStream(ended.serverSeed!, round.clientSeed, round.nonce),
      );
      expect(Number(again.payout)).toBe(round.payout);
    }
    expect(await studio.play(slot.session.id, inputFor('slot', 0))).toBeNull();
  }, 120_000);

  it('a bet the platform refuses draws nothing and uses no nonce', async () => {
    const { session } = await launchedOn('wheel');
    const refused = await studio.play(session.id, { bets: { 1: 10 ** 12 } });
    expect(refused).toEqual({
      ok: false,
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 100_000_000,
    });
    expect(studio.session(session.id)!.nonce).toBe(0);
    expect(studio.setClientSeed(session.id, 'my own seed')).toBe(true);
    expect(studio.setClientSeed(session.id, '')).toBe(false);
    expect(studio.setClientSeed(session.id, ' padded ')).toBe(false);
    // The next round is drawn with the player's seed.
    const played = await studio.play(session.id, { bets: { 1: 10_000 } });
    expect(played).toMatchObject({ ok: true, round: { nonce: 0, clientSeed: 'my own seed' } });
  });
});
