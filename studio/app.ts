import type { KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIGNATURE_HEADER, verified } from './protocol';
import type { Studio } from './studio';

/*
 * The studio's HTTP face: Hub88's Games API call the operator makes (game/url, signed by the
 * operator), and the calls a game frame makes for its session (a round, the client seed, the end
 * that reveals the seed, the history).
 */

const MAX_BODY = 64 * 1024;

async function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

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

export function studioApp(studio: Studio, opts: { origin: string; operatorKey: KeyObject }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', opts.origin);
    const raw = req.method === 'POST' ? await bodyOf(req) : Buffer.alloc(0);
    if (raw === null) return json(res, 413, { error: 'body too large' });

    if (req.method === 'POST' && url.pathname === '/operator/generic/v2/game/url') {
      const signature = req.headers[SIGNATURE_HEADER];
      if (!verified(raw, typeof signature === 'string' ? signature : undefined, opts.operatorKey)) {
        return json(res, 401, { error: 'invalid signature' });
      }
      const body = parsed(raw);
      const session = body ? studio.launch(body) : null;
      if (!session) return json(res, 400, { error: 'no such game for this player' });
      return json(res, 200, { url: `${opts.origin}/play/${session.id}` });
    }

    const match = /^\/play\/([0-9a-f-]{36})\/(round|seed|end|history)$/.exec(url.pathname);
    if (!match) return json(res, 404, { error: 'not found' });
    const id = match[1]!;
    const action = match[2]!;
    if (action === 'history' && req.method === 'GET') {
      const session = studio.session(id);
      return session ? json(res, 200, session) : json(res, 404, { error: 'no such session' });
    }
    if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
    const body = parsed(raw);
    if (action === 'round') {
      const answer = await studio.play(id, body);
      return answer ? json(res, 200, answer) : json(res, 400, { error: 'no such round' });
    }
    if (action === 'seed') {
      const done =
        typeof body?.clientSeed === 'string' && studio.setClientSeed(id, body.clientSeed);
      return done ? json(res, 200, studio.session(id)) : json(res, 400, { error: 'invalid seed' });
    }
    const ended = studio.end(id);
    return ended ? json(res, 200, ended) : json(res, 404, { error: 'no such session' });
  };
}
