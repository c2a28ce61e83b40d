import { createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A scripted aggregator in Hub88's shape, for the browser: its Games API answers `game/url` (our
 * signature checked with our public key, as Hub88 does), and the address it answers is a small
 * game of its own — a one-button slot in the site's frame. A spin of a real session is a signed
 * `transaction/bet` and `transaction/win` to the site's Wallet API, the round closed with the win;
 * a fun session plays with its own play money and never calls the site.
 */
export type Hub88Server = {
  origin: string;
  /** Hub88's public key (PEM), for the site's HUB88_PUBLIC_KEY. */
  publicPem: string;
  close: () => Promise<void>;
};

type Session = { user?: string; token?: string; currency: string; game: string; fun: number };

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

const page = (id: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Scripted slot</title>
<style>body{font-family:sans-serif;background:#1a1d29;color:#fff;display:grid;place-items:center;height:100vh;margin:0}
button{font-size:1.25rem;padding:.5rem 1.5rem}</style></head>
<body><main><h1>Scripted slot</h1><p id="out" role="status">Press spin</p>
<button type="button" id="spin">Spin</button></main>
<script>
document.getElementById('spin').addEventListener('click', async () => {
  const answer = await (await fetch('/spin?s=${id}', { method: 'POST' })).json();
  document.getElementById('out').textContent = answer.text;
});
</script></body></html>`;

/**
 * Starts it on `port`. `operatorPublicPem` checks the site's signed calls; `site` is the site's
 * origin, where the Wallet API is called. Each spin stakes 1 and pays 2 (real: 1 USDT and 2 USDT).
 */
export async function startHub88Server({
  port,
  operatorPublicPem,
  site,
}: {
  port: number;
  operatorPublicPem: string;
  site: string;
}): Promise<Hub88Server> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sessions = new Map<string, Session>();
  const origin = `http://127.0.0.1:${port}`;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const wallet = async (op: string, body: Record<string, unknown>) => {
    const bytes = JSON.stringify({ request_uuid: randomUUID(), ...body });
    const signature = createSign('RSA-SHA256').update(bytes).sign(privateKey, 'base64');
    const response = await fetch(`${site}/api/v1/casino/hub88/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Hub88-Signature': signature },
      body: bytes,
    });
    return (await response.json()) as { status: string; balance?: number };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'POST' && url.pathname === '/operator/generic/v2/game/url') {
      const raw = await read(req);
      const signature = String(req.headers['x-hub88-signature'] ?? '');
      const signed = createVerify('RSA-SHA256')
        .update(raw)
        .verify(operatorPublicPem, signature, 'base64');
      if (!signed) return json(res, 401, { error: 'invalid signature' });
      const body = JSON.parse(raw.toString('utf8')) as Record<string, string>;
      const id = randomUUID();
      sessions.set(id, {
        user: body.user,
        token: body.token,
        currency: body.currency!,
        game: body.game_code!,
        fun: 1000,
      });
      return json(res, 200, { url: `${origin}/game?s=${id}` });
    }
    const session = sessions.get(url.searchParams.get('s') ?? '');
    if (req.method === 'GET' && url.pathname === '/game' && session) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page(url.searchParams.get('s')!));
    }
    if (req.method === 'POST' && url.pathname === '/spin' && session) {
      if (session.currency === 'XXX') {
        session.fun += 1;
        return json(res, 200, { text: `Won 2 fun coins. Fun balance ${session.fun}` });
      }
      const round = randomUUID();
      const common = {
        user: session.user,
        token: session.token,
        round,
        game_code: session.game,
        currency: session.currency,
      };
      const bet = randomUUID();
      const placed = await wallet('transaction/bet', {
        ...common,
        transaction_uuid: bet,
        round_closed: false,
        amount: 100_000,
      });
      if (placed.status !== 'RS_OK') return json(res, 200, { text: `Refused: ${placed.status}` });
      const won = await wallet('transaction/win', {
        ...common,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        round_closed: true,
        amount: 200_000,
      });
      return json(res, 200, { text: `Won 2 ${session.currency}: ${won.status}` });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
