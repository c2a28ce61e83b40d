import type { KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ENGINE_CATEGORY, type StudioGame } from './catalog';
import type { EngineName } from './games/engines';
import { framePage, historyPage, publicSession } from './pages';
import { SIGNATURE_HEADER, verified } from './protocol';
import type { Studio, StudioSession } from './studio';

/*
 * The studio's HTTP face: Hub88's Games API calls the operator makes (game/list and game/url,
 * signed by the operator), the game frame and its calls for its session (the balance, a round, the
 * client seed, the end that reveals the seed), and the session's history page.
 */

const MAX_BODY = 64 * 1024;
const PRODUCT = 'Nova Studio';

/** The request's bytes, or null past MAX_BODY (read to the end, so the 413 reaches the caller). */
async function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks);
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

export type StudioAppOptions = {
  origin: string;
  operatorKey: KeyObject;
  /** The site that frames the games, the only page that may (origins, space-separated). */
  siteOrigin?: string;
  root?: string;
  games?: StudioGame[];
  unplayed?: Array<{ code: string; name: string }>;
  rtps?: Record<EngineName, string>;
  betRtps?: Partial<Record<EngineName, Record<string, string>>>;
  assets?: { js: string; css: string };
};

/** The frame pages' policy: their own script and styles only, framed by the site alone. */
const pageHeaders = (siteOrigin: string | undefined, type: string) => ({
  'content-type': type,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${siteOrigin ?? "'none'"}`,
  ].join('; '),
});

function parsed(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function studioApp(studio: Studio, opts: StudioAppOptions) {
  const names = new Map((opts.games ?? []).map((g) => [g.code, g.name]));
  const context = (session: StudioSession) => ({
    root: opts.root ?? process.cwd(),
    gameName: names.get(session.gameCode) ?? session.gameCode,
    rtp: opts.rtps?.[session.engine] ?? '',
    betRtps: opts.betRtps?.[session.engine] ?? {},
    table: studio.table(session.id),
  });
  const page = (res: ServerResponse, html: string) => {
    res.writeHead(200, pageHeaders(opts.siteOrigin, 'text/html; charset=utf-8'));
    res.end(html);
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', opts.origin);
    const raw = req.method === 'POST' ? await bodyOf(req) : Buffer.alloc(0);
    if (raw === null) return json(res, 413, { error: 'body too large' });

    if (req.method === 'POST' && url.pathname.startsWith('/operator/generic/v2/')) {
      const signature = req.headers[SIGNATURE_HEADER];
      if (!verified(raw, typeof signature === 'string' ? signature : undefined, opts.operatorKey)) {
        return json(res, 401, { error: 'invalid signature' });
      }
      if (url.pathname.endsWith('/game/list')) {
        return json(res, 200, [
          ...(opts.games ?? []).map((game) => ({
            game_code: game.code,
            name: game.name,
            category: ENGINE_CATEGORY[game.engine],
            product: PRODUCT,
            enabled: true,
            rtp: opts.rtps?.[game.engine],
          })),
          // The demo catalog's other titles: its own, listed, not played.
          ...(opts.unplayed ?? []).map((game) => ({
            game_code: game.code,
            name: game.name,
            product: PRODUCT,
            enabled: false,
          })),
        ]);
      }
      if (!url.pathname.endsWith('/game/url')) return json(res, 404, { error: 'not found' });
      const body = parsed(raw);
      const session = body ? studio.launch(body) : null;
      if (!session) return json(res, 400, { error: 'no such game for this player' });
      return json(res, 200, { url: `${opts.origin}/play/${session.id}` });
    }

    if (req.method === 'GET' && opts.assets && /^\/static\/frame\.(js|css)$/.test(url.pathname)) {
      const js = url.pathname.endsWith('.js');
      res.writeHead(200, {
        ...pageHeaders(opts.siteOrigin, js ? 'text/javascript; charset=utf-8' : 'text/css'),
        'cache-control': 'public, max-age=300',
      });
      return void res.end(js ? opts.assets.js : opts.assets.css);
    }
    const shown = /^\/(play|history)\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (shown && req.method === 'GET') {
      const session = studio.session(shown[2]!);
      if (!session) return json(res, 404, { error: 'no such session' });
      return page(res, (shown[1] === 'play' ? framePage : historyPage)(session, context(session)));
    }
    const match = /^\/play\/([0-9a-f-]{36})\/(round|move|seed|end|history|balance)$/.exec(
      url.pathname,
    );
    if (!match) return json(res, 404, { error: 'not found' });
    const id = match[1]!;
    const action = match[2]!;
    if (req.method === 'GET' && (action === 'history' || action === 'balance')) {
      const session = studio.session(id);
      if (!session) return json(res, 404, { error: 'no such session' });
      if (action === 'balance') {
        const answer = await studio.balance(id);
        return json(res, 200, { balance: answer?.balance ?? null });
      }
      const { serverSeed, rounds } = session;
      return json(res, 200, {
        ...publicSession(session),
        serverSeed,
        rounds,
        table: studio.table(id),
      });
    }
    if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
    const body = parsed(raw);
    if (action === 'round') {
      const answer = await studio.play(id, body);
      return answer ? json(res, 200, answer) : json(res, 400, { error: 'no such round' });
    }
    if (action === 'move') {
      const answer = await studio.move(id, body?.move);
      return answer ? json(res, 200, answer) : json(res, 400, { error: 'no such move' });
    }
    if (action === 'seed') {
      const done =
        typeof body?.clientSeed === 'string' && studio.setClientSeed(id, body.clientSeed);
      const session = done ? studio.session(id) : null;
      return session
        ? json(res, 200, publicSession(session))
        : json(res, 400, { error: 'invalid seed' });
    }
    if (!studio.session(id)) return json(res, 404, { error: 'no such session' });
    const ended = await studio.end(id);
    return ended
      ? json(res, 200, { ...publicSession(ended), serverSeed: ended.serverSeed })
      : json(res, 409, { error: 'a call of this session is running' });
  };
}
