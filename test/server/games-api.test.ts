import { eq } from 'drizzle-orm';
import { GET as casinoGames } from '@/app/api/v1/games/casino/route';
import { DELETE as unfavorite } from '@/app/api/v1/games/favorites/[gameId]/route';
import { GET as favorites, POST as favorite } from '@/app/api/v1/games/favorites/route';
import { GET as hot } from '@/app/api/v1/games/hot/route';
import { GET as providers } from '@/app/api/v1/games/providers/route';
import { GET as recent } from '@/app/api/v1/games/recent/route';
import { GET as list } from '@/app/api/v1/games/route';
import { POST as play } from '@/app/api/v1/games/[slug]/play/route';
import { GET as detail } from '@/app/api/v1/games/[slug]/route';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb } from '@/lib/server/db';
import { games, users } from '@/lib/server/db/schema';
import { catalogGames } from '@/lib/games/demo-catalog';
import { call, request } from './helpers/api';

type Page = {
  data: {
    id: string;
    name: string;
    slug: string;
    provider: { slug: string; name: string };
    categories: string[];
    hot: boolean;
    section: string;
    platforms: string[];
  }[];
  limit: number;
  page: number;
  totalDocuments: number;
  totalPages: number;
};

afterAll(() => closeDb());

const get = async (query: string) => call(list, request('GET', `/games?${query}`));
const page = async (query: string) => (await get(query)).data as unknown as Page;
const names = async (search: string) =>
  (await page(`search=${encodeURIComponent(search)}&limit=30`)).data.map((g) => g.name);
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

async function player(name: string) {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name}@example.com` })
    .returning();
  return { id: row!.id, token: (await createSession(row!.id)).token };
}

describe('catalog seed', () => {
  it('has 400+ games from 20+ providers, every tab populated, local artwork', async () => {
    const all = await page('limit=1');
    expect(all.totalDocuments).toBeGreaterThanOrEqual(400);
    const studios = (await call(providers, request('GET', '/games/providers'))).data as unknown as {
      slug: string;
      gamesCount: number;
      logo: string;
    }[];
    expect(studios.length).toBeGreaterThanOrEqual(20);
    expect(studios.every((s) => s.gamesCount > 0 && s.logo.startsWith('/providers/'))).toBe(true);
    for (const [section, category] of [
      ['casino', 'hot-games'],
      ['casino', 'baccarat'],
      ['casino', 'blackjack'],
      ['casino', 'roulette'],
      ['casino', 'game-show'],
      ['slots', 'hot-games'],
      ['slots', 'bonus-buy'],
      ['slots', 'bingo'],
      ['slots', 'table-games'],
      ['slots', 'crash-games'],
      ['slots', 'fishing'],
    ]) {
      const result = await page(`section=${section}&category=${category}&limit=1`);
      expect([section, category, result.totalDocuments > 0]).toEqual([section, category, true]);
    }
    expect(catalogGames.every((g) => !/https?:/.test(g.slug))).toBe(true);
  });
});

describe('Games list', () => {
  it('pages with the default size 12 and the spec shape; the last page, past the end, limit bounds', async () => {
    const first = await page('section=casino&category=roulette');
    expect(first).toMatchObject({ limit: 12, page: 1, totalDocuments: 18, totalPages: 2 });
    expect(first.data).toHaveLength(12);
    const last = await page('section=casino&category=roulette&page=2');
    expect(last.data).toHaveLength(6);
    expect(new Set([...first.data, ...last.data].map((g) => g.id)).size).toBe(18);
    const past = await page('section=casino&category=roulette&page=3');
    expect(past).toMatchObject({ data: [], totalDocuments: 18, totalPages: 2, page: 3 });
    expect((await page('limit=100')).data).toHaveLength(100);
    for (const bad of [
      'limit=0',
      'limit=101',
      'page=0',
      'page=x',
      'category=poker',
      'platform=tv',
      'filter=random',
      'provider=Bad%20Slug',
      `search=${'x'.repeat(101)}`,
    ]) {
      const answer = await get(bad);
      expect([bad, answer.status, answer.code]).toEqual([bad, 400, 'VALIDATION_ERROR']);
    }
  });

  it('filters by category, hot, provider and platform, and orders by popularity, newest or name', async () => {
    const baccarat = await page('category=baccarat&limit=100');
    expect(baccarat.data.every((g) => g.categories.includes('baccarat'))).toBe(true);
    const hotGames = await page('category=hot-games&limit=100');
    expect(hotGames.data.every((g) => g.hot)).toBe(true);
    const studio = await page('provider=aurora-gaming&limit=100');
    expect(studio.totalDocuments).toBeGreaterThan(10);
    expect(studio.data.every((g) => g.provider.slug === 'aurora-gaming')).toBe(true);
    const desktopOnly = catalogGames.filter((g) => !g.platforms.includes('mobile')).length;
    expect((await page('platform=mobile&limit=1')).totalDocuments).toBe(
      catalogGames.length - desktopOnly,
    );
    // By name, ignoring case and accents: 'Açaí Jackpot' sits among the A's.
    const plain = (n: string) =>
      n
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const byName = (await page('section=slots&filter=name&limit=40')).data.map((g) =>
      plain(g.name),
    );
    expect(byName).toEqual([...byName].sort());
    expect(byName).toContain('acai jackpot');
  });

  it('the Casino games call takes category, endpoint and search; hot games are all hot', async () => {
    const answer = await call(
      casinoGames,
      request('GET', '/games/casino?endpoint=slots&category=fishing'),
    );
    const result = answer.data as unknown as Page;
    expect(result.limit).toBe(32);
    expect(
      result.data.every((g) => g.section === 'slots' && g.categories.includes('fishing')),
    ).toBe(true);
    const hotAnswer = (await call(hot, request('GET', '/games/hot?section=casino')))
      .data as unknown as Page;
    expect(hotAnswer.data.length).toBeGreaterThan(0);
    expect(hotAnswer.data.every((g) => g.hot && g.section === 'casino')).toBe(true);
  });
});

describe('search', () => {
  it('ranks the exact name first, then prefixes, ignoring case and accents', async () => {
    expect((await names('golden dragon'))[0]).toBe('Golden Dragon');
    expect((await names('GOLDEN DRAGON'))[0]).toBe('Golden Dragon');
    const prefix = await names('golden');
    expect(prefix.slice(0, 5).every((n) => n.startsWith('Golden'))).toBe(true);
    expect(await names('creme brulee')).toContain('Crème Brûlée Bonanza');
    expect((await names('pinata'))[0]).toBe('Piñata Party');
    expect((await names('Piñata'))[0]).toBe('Piñata Party');
  });

  it('matches word prefixes and provider names, and tolerates one typo', async () => {
    expect(await names('bonan')).toContain('Crème Brûlée Bonanza');
    const studio = await names('paper crane');
    expect(studio.length).toBeGreaterThan(5);
    const crane = (await page('search=paper%20crane&limit=30')).data;
    expect(crane.every((g) => g.provider.name === 'Paper Crane Games')).toBe(true);
    expect(await names('bonansa')).toContain('Crème Brûlée Bonanza');
    expect((await names('pharoah')).some((n) => n.includes('Pharaoh'))).toBe(true);
    expect(await names('zzqqxx')).toEqual([]);
    // LIKE wildcards are literal, also in the full-width forms unaccent folds into them.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('\\')).toEqual([]);
    expect(await names('％')).toEqual([]);
    expect(await names('＿＿＿')).toEqual([]);
    expect(await names('＼')).toEqual([]);
    expect(await names('b％a')).toEqual([]);
  });
});

describe('favourites and recently played', () => {
  it('add, list and remove per player, isolated between players; guests get 401', async () => {
    const a = await player('fan-a');
    const b = await player('fan-b');
    const [g1, g2] = (await page('limit=2')).data;
    const add = (token: string, id: string) =>
      call(favorite, request('POST', '/games/favorites', { token, body: { gameId: id } }));
    expect((await add(a.token, g1!.id)).data).toEqual({ gameId: g1!.id, favorite: true });
    await add(a.token, g2!.id);
    await add(a.token, g2!.id); // twice is once
    await add(b.token, g1!.id);
    const listOf = async (token: string) =>
      (
        (await call(favorites, request('GET', '/games/favorites', { token })))
          .data as unknown as Page
      ).data.map((g) => g.id);
    expect(await listOf(a.token)).toEqual([g2!.id, g1!.id]);
    expect(await listOf(b.token)).toEqual([g1!.id]);
    const removed = await unfavorite(
      request('DELETE', `/games/favorites/${g1!.id}`, { token: a.token }),
      ctx({ gameId: g1!.id }),
    ).then((r) => r.json());
    expect(removed.code).toBe('success');
    expect(await listOf(a.token)).toEqual([g2!.id]);
    expect(await listOf(b.token)).toEqual([g1!.id]);
    expect((await call(favorites, request('GET', '/games/favorites'))).status).toBe(401);
    expect((await add(a.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await add(a.token, 'not-a-uuid')).status).toBe(400);
  });

  it('opening a game records it for a signed-in player, newest first; the page has similar games', async () => {
    const p = await player('gamer');
    const [g1, g2] = (await page('section=slots&limit=2')).data;
    const open = (slug: string, token?: string) =>
      play(request('POST', `/games/${slug}/play`, { token }), ctx({ slug })).then((r) => r.json());
    expect((await open(g1!.slug)).data).toEqual({ mode: 'demo', launchUrl: null, recorded: false });
    await open(g1!.slug, p.token);
    await open(g2!.slug, p.token);
    await open(g1!.slug, p.token);
    const mine = (
      (await call(recent, request('GET', '/games/recent', { token: p.token })))
        .data as unknown as Page
    ).data.map((g) => g.slug);
    expect(mine).toEqual([g1!.slug, g2!.slug]);
    const one = await detail(request('GET', `/games/${g1!.slug}`), ctx({ slug: g1!.slug })).then(
      (r) => r.json(),
    );
    expect(one.data.game.slug).toBe(g1!.slug);
    expect(one.data.similar.length).toBeGreaterThan(0);
    expect(one.data.similar.some((g: { slug: string }) => g.slug === g1!.slug)).toBe(false);
    const missing = await detail(
      request('GET', '/games/no-such-game'),
      ctx({ slug: 'no-such-game' }),
    );
    expect(missing.status).toBe(404);
    const db = await getDb();
    await db.update(games).set({ enabled: false }).where(eq(games.slug, g2!.slug));
    expect(
      (await detail(request('GET', `/games/${g2!.slug}`), ctx({ slug: g2!.slug }))).status,
    ).toBe(404);
    await db.update(games).set({ enabled: true }).where(eq(games.slug, g2!.slug));
  });
});

describe('game aggregator', () => {
  it('launches through the configured aggregator for players (real) and guests (demo)', async () => {
    const { createServer } = await import('node:http');
    const { config } = await import('@/lib/config');
    const seen: { auth?: string; body: Record<string, unknown> }[] = [];
    // The aggregator, played locally: POST /launch with the bearer key → { url }.
    const aggregator = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        seen.push({ auth: req.headers.authorization, body });
        res.writeHead(req.url === '/v1/launch' ? 200 : 404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            url: `https://games.aggregator.test/play/${body.gameId}?mode=${body.mode}`,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => aggregator.listen(0, '127.0.0.1', resolve));
    const port = (aggregator.address() as { port: number }).port;
    Object.assign(config as Record<string, unknown>, {
      GAMES_AGGREGATOR_URL: `http://127.0.0.1:${port}/v1`,
      GAMES_AGGREGATOR_KEY: 'agg-key',
    });
    try {
      const p = await player('real-money');
      const [g] = (await page('section=slots&limit=1')).data;
      const open = (token?: string) =>
        play(request('POST', `/games/${g!.slug}/play`, { token }), ctx({ slug: g!.slug })).then(
          (r) => r.json(),
        );
      const real = await open(p.token);
      expect(real.data).toMatchObject({ mode: 'real', recorded: true });
      expect(real.data.launchUrl).toMatch(/^https:\/\/games\.aggregator\.test\/play\/.+mode=real$/);
      expect(seen[0]).toMatchObject({
        auth: 'Bearer agg-key',
        body: { mode: 'real', currency: 'USDT', language: 'en' },
      });
      expect((await open()).data).toMatchObject({ mode: 'demo', recorded: false });
      aggregator.close();
      const down = await open(p.token);
      expect(down.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      aggregator.close();
      Object.assign(config as Record<string, unknown>, {
        GAMES_AGGREGATOR_URL: undefined,
        GAMES_AGGREGATOR_KEY: undefined,
      });
    }
  });
});
