/**
 * Hub88's wallet calls as a production server answers them: server.ts takes them ahead of Next
 * (lib/serve/casino-wallet.ts), here over real HTTP behind the same request guard, against a fresh
 * embedded database. The same outcomes as Next's route, the same records; what is not a wallet
 * call goes on to Next; a body past the limit or cut off records nothing.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { config } from '@/lib/config';
import { answerWalletCall, type WalletEndpoint } from '@/lib/serve/casino-wallet';
import { guardRequest } from '@/lib/serve/request-guard';
import { MAX_BODY } from '@/lib/server/casino/hub88/wallet-api';
import { signBody } from '@/lib/server/casino/hub88/signature';
import { walletEndpoint } from '@/lib/server/casino/wallet-endpoint';
import { closeDb } from '@/lib/server/db';
import { ScriptedHub88, launchedPlayer } from './helpers/hub88-aggregator';
import { balanceOf, sqlRows } from './helpers/races';

const hub = new ScriptedHub88();
const mutable = config as Record<string, unknown>;
let game: { slug: string; code: string };
let server: Server;
let origin: string;
/** What server.ts's `failed` was handed: a wallet call's own failures are answers, never this. */
const failures: unknown[] = [];
const USDT = BigInt(10) ** BigInt(6);
let n = 0;

beforeAll(async () => {
  mutable.HUB88_KEY_DIR = path.join(tmpdir(), `hub88-${randomUUID()}`);
  await hub.install();
  [game] = (await sqlRows(`SELECT slug, game_id AS code FROM games ORDER BY slug LIMIT 1`)) as [
    typeof game,
  ];
  globalThis.__walletEndpoint = walletEndpoint() ?? undefined;
  // server.ts's order: the guard, then the wallet, then Next (here a marker answer).
  server = createServer((req, res) => {
    if (guardRequest(req, res, { production: true })) return;
    const failed = (err: unknown) => {
      failures.push(err);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    };
    if (answerWalletCall(req, res, failed)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('next');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hub.via = origin;
});
afterEach(() => expect(failures).toEqual([]));
afterAll(async () => {
  globalThis.__walletEndpoint = undefined;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await hub.uninstall();
  await closeDb();
});

const launched = (units = BigInt(100) * USDT) =>
  launchedPlayer(hub, game, `direct-${(n += 1)}@example.com`, 'USDT', units);

/** A raw HTTP exchange, so a test controls the body's framing and sees the connection's end. */
function exchange(
  pathName: string,
  send: (req: ReturnType<typeof httpRequest>) => void,
  headers: Record<string, string | number> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${pathName}`, { method: 'POST', headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const settle = (closed: boolean) =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, closed });
        // An early answer is followed by the server ending the connection (request-guard).
        if (req.socket?.destroyed) settle(true);
        else req.socket?.once('close', () => settle(true));
        setTimeout(() => settle(false), 3_000).unref();
      });
    });
    send(req);
  });
}

describe('Wallet calls answered ahead of Next', () => {
  it('plays bet, win and a forged call over HTTP with the route’s outcomes, as small uncached JSON', async () => {
    const p = await launched();
    const bet = await hub.bet({ ...p.play, round: 'r1', amount: 1_000_000 });
    expect(bet).toMatchObject({ status: 'RS_OK', balance: 9_000_000, user: p.userId });
    const win = await hub.win({
      ...p.play,
      round: 'r1',
      closed: true,
      amount: 2_500_000,
      bet: String(hub.sent.at(-1)!.body.transaction_uuid),
    });
    expect(win).toMatchObject({ status: 'RS_OK', balance: 11_500_000 });
    expect(await balanceOf(p.userId, 'available')).toBe(BigInt(115) * USDT);

    const bytes = JSON.stringify({ request_uuid: randomUUID(), user: p.userId });
    const forged = await exchange('/api/v1/casino/hub88/user/info', (req) => req.end(bytes), {
      'Content-Type': 'application/json',
      'X-Hub88-Signature': signBody(`${bytes} `, hub.keys.privateKey),
    });
    expect(forged.status).toBe(200);
    expect(JSON.parse(forged.body)).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    expect(forged.headers).toMatchObject({
      'content-type': 'application/json',
      'cache-control': 'no-store, no-transform',
      'content-length': String(Buffer.byteLength(forged.body)),
      'x-content-type-options': 'nosniff',
    });
    expect(forged.headers['content-encoding']).toBeUndefined();
  });

  it('answers a bet sent again through Next’s route with the answer HTTP gave first', async () => {
    const p = await launched();
    const uuid = randomUUID();
    const first = await hub.bet({ ...p.play, uuid, round: 'again', amount: 300_000 });
    hub.via = null;
    try {
      const second = await hub.bet({ ...p.play, uuid, round: 'again', amount: 300_000 });
      expect(second).toEqual({ ...first, request_uuid: hub.sent.at(-1)!.body.request_uuid });
    } finally {
      hub.via = origin;
    }
    expect(await balanceOf(p.userId, 'available')).toBe(BigInt(97) * USDT);
  });

  it('takes 20 bets at once over HTTP on a balance that covers one: one', async () => {
    const p = await launched(USDT);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => hub.bet({ ...p.play, amount: 80_000 })),
    );
    expect(answers.filter((a) => a.status === 'RS_OK')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(19);
    expect(await balanceOf(p.userId, 'available')).toBe(BigInt(200_000));
  });

  it('leaves to Next what is not a wallet call of the configured aggregator', async () => {
    const toNext = async (method: string, pathName: string) => {
      const response = await fetch(`${origin}${pathName}`, {
        method,
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      return { status: response.status, body: await response.text() };
    };
    const next = { status: 404, body: 'next' };
    expect(await toNext('GET', '/api/v1/casino/hub88/user/info')).toEqual(next);
    expect(await toNext('POST', '/api/v1/casino/hub88/user/infos')).toEqual(next);
    expect(await toNext('POST', '/api/v1/casino/hub88/user/info/')).toEqual(next);
    expect(await toNext('POST', '/api/v1/casino/hub88')).toEqual(next);
    expect(await toNext('POST', '/api/v1/casino//hub88/user/info')).toEqual(next);
    expect(await toNext('POST', '/api/v1/casino/softswiss/user/info')).toEqual(next);
    expect(await toNext('POST', '/api/v1/casino/hub88/transaction%2Fbet')).toEqual(next);
    // A query string is not part of the operation.
    const answered = await toNext('POST', '/api/v1/casino/hub88/user/info?x=1');
    expect(JSON.parse(answered.body)).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    // With no aggregator configured there is no endpoint: Next answers its 404.
    const before = mutable.GAMES_AGGREGATOR;
    mutable.GAMES_AGGREGATOR = undefined;
    expect(walletEndpoint()).toBeNull();
    mutable.GAMES_AGGREGATOR = before;
  });

  it('refuses a body past the limit unread, declared or streamed, and closes the connection', async () => {
    const p = await launched();
    const big = JSON.stringify({
      request_uuid: randomUUID(),
      user: p.userId,
      pad: 'x'.repeat(MAX_BODY),
    });
    const signature = signBody(big, hub.keys.privateKey);
    const headers = { 'Content-Type': 'application/json', 'X-Hub88-Signature': signature };
    const declared = await exchange(
      '/api/v1/casino/hub88/user/info',
      // Only the first bytes go out: the answer must not wait for the rest.
      (req) => req.write(big.slice(0, 1_000)),
      { ...headers, 'Content-Length': Buffer.byteLength(big) },
    );
    expect(JSON.parse(declared.body)).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect(declared.closed).toBe(true);
    const streamed = await exchange(
      '/api/v1/casino/hub88/user/info',
      (req) => {
        req.write(big.slice(0, MAX_BODY / 2));
        req.write(big.slice(MAX_BODY / 2, MAX_BODY + 10));
      },
      { ...headers, 'Transfer-Encoding': 'chunked' },
    );
    expect(JSON.parse(streamed.body)).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect(streamed.closed).toBe(true);
  });

  it('records nothing for a bet cut off mid-body, and answers the next call', async () => {
    const p = await launched();
    const bytes = JSON.stringify({
      request_uuid: randomUUID(),
      user: p.userId,
      token: p.play.token,
      transaction_uuid: randomUUID(),
      round: 'cut',
      round_closed: false,
      game_code: game.code,
      currency: 'USDT',
      supplier_transaction_id: randomUUID(),
      amount: 100_000,
    });
    const req = httpRequest(`${origin}/api/v1/casino/hub88/transaction/bet`, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(bytes),
        'X-Hub88-Signature': signBody(bytes, hub.keys.privateKey),
      },
    });
    req.on('error', () => {});
    req.write(bytes.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const info = await hub.send('user/info', { user: p.userId });
    expect(info).toMatchObject({ status: 'RS_OK', user: p.userId });
    expect(
      await sqlRows(`SELECT 1 FROM casino_transactions WHERE user_id = $1`, [p.userId]),
    ).toEqual([]);
    expect(await balanceOf(p.userId, 'available')).toBe(BigInt(100) * USDT);
  });

  it('hands a call cut off mid-body to its handler as unread, so nothing waits on it', async () => {
    const configured = globalThis.__walletEndpoint;
    const seen: Array<Buffer | null> = [];
    globalThis.__walletEndpoint = {
      maxBody: 1_000,
      route: () => async (raw) => {
        seen.push(raw);
        return '{}';
      },
    };
    try {
      const req = httpRequest(`${origin}/api/v1/casino/any/op`, {
        method: 'POST',
        agent: false,
        headers: { 'Content-Length': 100 },
      });
      req.on('error', () => {});
      req.write('x'.repeat(10));
      await new Promise((resolve) => setTimeout(resolve, 50));
      req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual([null]);
    } finally {
      globalThis.__walletEndpoint = configured;
    }
  });

  it('hands what a handler throws to the server’s failure answer', async () => {
    const configured = globalThis.__walletEndpoint;
    const broken: WalletEndpoint = {
      maxBody: 16,
      route: () => async () => {
        throw new Error('broken handler');
      },
    };
    globalThis.__walletEndpoint = broken;
    try {
      const response = await fetch(`${origin}/api/v1/casino/any/op`, {
        method: 'POST',
        body: '{}',
      });
      expect(response.status).toBe(500);
    } finally {
      globalThis.__walletEndpoint = configured;
    }
    expect(failures.splice(0)).toEqual([new Error('broken handler')]);
  });
});
