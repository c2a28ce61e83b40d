/**
 * The aggregator's game list on the catalog, with the demo studio as the aggregator: the titles it
 * plays show its computed RTP and its kind of game, the others open a demo frame that says so
 * (without a call to it); a list that cannot be read changes nothing; with no aggregator the rows
 * forget it. And the studio's own pages: the frame and the history, escaped, framed by the site
 * only, never showing the platform's token.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST as playRoute } from '@/app/api/v1/games/[slug]/play/route';
import { config } from '@/lib/config';
import { hub88 } from '@/lib/server/casino/hub88/games-api';
import { operatorPrivateKey } from '@/lib/server/casino/hub88/keys';
import { syncAggregatorGames } from '@/lib/server/casino/game-list';
import { closeDb } from '@/lib/server/db';
import { gameBySlug, listGames } from '@/lib/server/games/catalog';
import { clearCatalogCache } from '@/lib/server/games/cache';
import { studioApp } from '@/studio/app';
import { betRtps, engineRtps, studioGames, unplayedTitles } from '@/studio/catalog';
import { studioKeys } from '@/studio/keys';
import type { Studio } from '@/studio/studio';
import { call, request } from './helpers/api';
import { sqlRows } from './helpers/races';
import { studioAsAggregator, studioOnPlatform } from './helpers/studio';
import { fundedPlayer } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
let restoreConfig: () => void = () => undefined;
const SITE = 'https://casino.example';
let server: Server;
let origin: string;
let studio: Studio;
/** Game list calls the studio answered, and launches. */
const seen: string[] = [];

beforeAll(async () => {
  mutable.HUB88_KEY_DIR = path.join(tmpdir(), `studio-op-${randomUUID()}`);
  const keys = studioKeys(path.join(tmpdir(), `studio-${randomUUID()}`));
  const codes = new Map(studioGames.map((g) => [g.code, g.engine]));
  studio = studioOnPlatform(keys.privateKey, (code) => codes.get(code) ?? null);
  const rtps = engineRtps();
  const bets = betRtps();
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    void studioApp(studio, {
      origin,
      operatorKey: createPublicKey(operatorPrivateKey()),
      siteOrigin: SITE,
      games: studioGames,
      unplayed: unplayedTitles,
      rtps,
      betRtps: bets,
      assets: { js: '/* frame */', css: '/* styles */' },
    })(req, res);
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

const row = async (slug: string) =>
  (
    await sqlRows(
      `SELECT aggregator_state AS state, aggregator_category AS category, aggregator_rtp AS rtp, rtp AS own
       FROM games WHERE slug = $1`,
      [slug],
    )
  )[0]!;

const play = (slug: string, token: string | null) =>
  call<{ mode: string; launchUrl: string | null }>(
    (req) => playRoute(req, { params: Promise.resolve({ slug }) }),
    request('POST', `/games/${slug}/play`, { token }),
  );

describe('the aggregator game list on the catalog', () => {
  it('shows the studio’s RTP and kind on the titles it plays; the others open a demo frame', async () => {
    expect(await row('european-roulette')).toMatchObject({ state: null, rtp: null });
    expect(await syncAggregatorGames()).toBe(true);
    expect(await row('european-roulette')).toMatchObject({
      state: 'plays',
      category: 'studio-roulette',
      rtp: '97.30',
    });
    expect(await row('no-commission-baccarat')).toMatchObject({
      state: 'disabled',
      category: null,
      rtp: null,
    });
    const { game } = await gameBySlug('european-roulette');
    expect(game).toMatchObject({ rtpValue: '97.30%', engine: 'studio-roulette' });
    const page = await listGames({
      section: 'casino',
      category: 'baccarat',
      filter: 'popular',
      limit: 50,
      page: 1,
    });
    expect(page.data.length).toBeGreaterThan(10);
    for (const listed of page.data) {
      const own = await row(listed.slug);
      expect(listed).not.toHaveProperty('engine');
      if (/No Commission|Lightning/.test(listed.name)) {
        expect(listed.rtpValue).toBe(`${String(own.own)}%`);
        expect((await gameBySlug(listed.slug)).game.engine).toBeNull();
      } else {
        expect(listed.rtpValue).toBe('98.94%');
        expect((await gameBySlug(listed.slug)).game.engine).toBe('studio-baccarat');
      }
    }

    const player = await fundedPlayer('catalog@example.com', 'USDT', BigInt(10) ** BigInt(8));
    const before = seen.length;
    const unlisted = await play('no-commission-baccarat', player.token);
    expect(unlisted.data).toEqual({ mode: 'unlisted', launchUrl: null, recorded: true });
    expect(seen.slice(before)).toEqual([]);
    const listed = await play('european-roulette', player.token);
    expect(listed.data?.mode).toBe('real');
    expect(listed.data?.launchUrl).toMatch(new RegExp(`^${origin}/play/[0-9a-f-]{36}$`));
  });

  it('a list that cannot be read changes nothing; with no aggregator the rows forget it', async () => {
    await syncAggregatorGames();
    // The studio answers its list only to the operator's signature.
    const forged = await fetch(`${origin}/operator/generic/v2/game/list`, {
      method: 'POST',
      headers: { 'x-hub88-signature': 'AAAA' },
      body: '{"operator_id":1}',
    });
    expect(forged.status).toBe(401);
    // An aggregator that does not answer: nothing is read, nothing changes.
    const address = mutable.GAMES_AGGREGATOR_URL;
    mutable.GAMES_AGGREGATOR_URL = 'http://127.0.0.1:9';
    try {
      expect(await syncAggregatorGames()).toBe(false);
    } finally {
      mutable.GAMES_AGGREGATOR_URL = address;
    }
    expect(await row('european-roulette')).toMatchObject({ state: 'plays', rtp: '97.30' });

    const url = mutable.GAMES_AGGREGATOR;
    mutable.GAMES_AGGREGATOR = undefined;
    try {
      expect(await syncAggregatorGames()).toBe(true);
      expect(await row('european-roulette')).toMatchObject({
        state: null,
        category: null,
        rtp: null,
      });
      clearCatalogCache();
      expect((await gameBySlug('european-roulette')).game.engine).toBeNull();
    } finally {
      mutable.GAMES_AGGREGATOR = url;
    }
  });

  it('keeps only what a list says in the expected shape; a real list hides the titles it does not name', async () => {
    const answers: unknown[] = [];
    const fake = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answers.shift()));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const url = mutable.GAMES_AGGREGATOR_URL;
    mutable.GAMES_AGGREGATOR_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      answers.push(
        [
          { game_code: 'a', category: 'Video-Slot', rtp: '96.5' },
          { game_code: 'b', enabled: false },
          { game_code: 'c', category: '<script>', rtp: '96.5%' },
          { game_code: 'd', rtp: 97 },
          { category: 'roulette' },
          null,
        ],
        { games: [] },
      );
      expect(await hub88.games()).toEqual([
        { code: 'a', enabled: true, category: 'video-slot', rtp: '96.5' },
        { code: 'b', enabled: false, category: null, rtp: null },
        { code: 'c', enabled: true, category: null, rtp: null },
        { code: 'd', enabled: true, category: null, rtp: '97' },
      ]);
      expect(await hub88.games()).toBeNull();

      // A real aggregator's list names none of the demo titles but one: the rest are not shown.
      const [roulette] = await sqlRows(
        `SELECT game_id FROM games WHERE slug = 'european-roulette'`,
      );
      answers.push([{ game_code: roulette!.game_id, category: 'roulette', rtp: '97.3' }]);
      expect(await syncAggregatorGames()).toBe(true);
      expect(await row('auto-roulette')).toMatchObject({ state: 'absent' });
      const listed = await listGames({
        section: 'casino',
        category: 'roulette',
        filter: 'popular',
        limit: 50,
        page: 1,
      });
      expect(listed.data.map((g) => g.slug)).toEqual(['european-roulette']);
      await expect(gameBySlug('auto-roulette')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect((await gameBySlug('european-roulette')).game).toMatchObject({
        rtpValue: '97.3%',
        engine: 'roulette',
      });
      // An empty list is a failed read: it does not hide the catalog.
      answers.push([]);
      expect(await syncAggregatorGames()).toBe(false);
      expect(await row('european-roulette')).toMatchObject({ state: 'plays' });
    } finally {
      mutable.GAMES_AGGREGATOR_URL = url;
      await new Promise((resolve) => fake.close(resolve));
      await syncAggregatorGames();
    }
  });
});

describe('fun mode', () => {
  it('a guest plays a slot with play money: the studio keeps it, nothing reaches the wallet', async () => {
    await syncAggregatorGames();
    const [slot] = await sqlRows(
      `SELECT slug FROM games WHERE aggregator_category = 'studio-video-slot' AND fun_mode ORDER BY slug LIMIT 1`,
    );
    const guest = await play(String(slot!.slug), null);
    expect(guest.data?.mode).toBe('fun');
    const id = new URL(guest.data!.launchUrl!).pathname.split('/')[2]!;
    expect(studio.session(id)).toMatchObject({ currency: 'XXX', user: '', fun: 100_000_000 });
    const calls = async () =>
      Number((await sqlRows(`SELECT count(*) AS n FROM casino_transactions`))[0]!.n);
    const before = await calls();
    const answer = (await (
      await fetch(`${origin}/play/${id}/round`, { method: 'POST', body: '{"stake":2000000}' })
    ).json()) as { ok: boolean; round: { payout: number }; balance: number };
    expect(answer.ok).toBe(true);
    expect(answer.balance).toBe(100_000_000 - 2_000_000 + answer.round.payout);
    expect(
      ((await (await fetch(`${origin}/play/${id}/balance`)).json()) as { balance: number }).balance,
    ).toBe(answer.balance);
    // More than the play money left is refused; the wallet never heard of any of it.
    const refused = await studio.play(id, { stake: 10 ** 12 });
    expect(refused).toMatchObject({ ok: false, status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(await calls()).toBe(before);
    expect(await (await fetch(`${origin}/play/${id}`)).text()).toContain('Stake (play money)');
  });
});

describe('the studio’s pages', () => {
  async function launched() {
    await syncAggregatorGames();
    const player = await fundedPlayer(
      `pages-${randomUUID()}@example.com`,
      'USDT',
      BigInt(10) ** BigInt(8),
    );
    const played = await play('european-roulette', player.token);
    return new URL(played.data!.launchUrl!).pathname.split('/')[2]!;
  }

  it('serves the frame escaped, framed by the site only, without the platform’s token', async () => {
    const id = await launched();
    const hostile = '</script><script>alert(1)</script>"';
    expect(studio.setClientSeed(id, hostile)).toBe(true);
    const response = await fetch(`${origin}/play/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE}`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    const { token } = studio.session(id)!;
    expect(html).not.toContain(token);
    expect(html).not.toContain(hostile);
    expect(html).toContain('value="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;"');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('RTP 97.30%');
    expect(html).toContain(studio.session(id)!.serverSeedHash);

    const history = (await (await fetch(`${origin}/play/${id}/history`)).json()) as Record<
      string,
      unknown
    >;
    expect(history).not.toHaveProperty('token');
    expect(history).not.toHaveProperty('user');
    expect(history).toMatchObject({ engine: 'roulette', serverSeed: null, rounds: [] });
    const balance = (await (await fetch(`${origin}/play/${id}/balance`)).json()) as {
      balance: number;
    };
    expect(balance.balance).toBe(100 * 100_000);
  });

  it('the history page shows the seed only once the session ends, in the player’s language', async () => {
    const id = await launched();
    const round = await studio.play(id, {
      bets: [{ kind: 'straight', numbers: [17], amount: 100_000 }],
    });
    expect(round?.ok).toBe(true);
    const before = await (await fetch(`${origin}/history/${id}`)).text();
    expect(before).toContain('The server seed is shown here once the session ends.');
    const ended = (await (
      await fetch(`${origin}/play/${id}/end`, { method: 'POST', body: '{}' })
    ).json()) as { serverSeed: string };
    expect(ended.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const after = await (await fetch(`${origin}/history/${id}`)).text();
    expect(after).toContain(`data-testid="revealed-seed">${ended.serverSeed}</code>`);
    expect(after).toContain('Rounds played: 1');
    expect((await fetch(`${origin}/history/${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${origin}/static/frame.js`)).headers.get('content-type')).toContain(
      'javascript',
    );
  });
});
