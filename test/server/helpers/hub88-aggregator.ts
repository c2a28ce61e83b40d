import { createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as walletRoute } from '@/app/api/v1/casino/hub88/[...op]/route';
import { POST as playRoute } from '@/app/api/v1/games/[slug]/play/route';
import { config } from '@/lib/config';
import { operatorPrivateKey } from '@/lib/server/casino/hub88/keys';
import { signBody, verifyBody } from '@/lib/server/casino/hub88/signature';
import { call, request } from './api';
import { sqlRows } from './races';
import { fundedPlayer } from './wallet';

/** A keypair of the kind Hub88 and operators exchange (RSA 2048, PEM). */
export function rsaKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export type Hub88Answer = {
  status: string;
  request_uuid?: string;
  user?: string;
  currency?: string;
  balance?: number;
  [key: string]: unknown;
};

type Sent = { op: string; body: Record<string, unknown>; answer: Hub88Answer };

/**
 * A test aggregator in Hub88's shape: it signs its Wallet API calls with its own key (whose public
 * half the operator is configured with), plays scripts of bets, wins and rollbacks through the
 * route handler, and keeps its own record of every call that was answered RS_OK, so a test can
 * reconcile the ledger against it. Its Games API (game/url) is a real local HTTP server that
 * checks our signature with our public key.
 */
export class ScriptedHub88 {
  readonly keys = rsaKeys();
  readonly sent: Sent[] = [];
  readonly launches: Record<string, unknown>[] = [];
  private server: Server | null = null;
  private restore: Array<[string, unknown]> = [];

  /** Points the operator at this aggregator (configuration changed in place, as tests do). */
  async install(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const ours: KeyObject = createPublicKey(operatorPrivateKey());
        const signed = verifyBody(raw, String(req.headers['x-hub88-signature'] ?? ''), ours);
        if (!signed) {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid signature' }));
          return;
        }
        const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        this.launches.push({ path: req.url, ...body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            url: `${this.origin}/play/${String(body.game_code)}?m=${body.currency}`,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const mutable = config as Record<string, unknown>;
    const set = {
      GAMES_AGGREGATOR: 'hub88',
      GAMES_AGGREGATOR_URL: this.origin,
      HUB88_OPERATOR_ID: 7,
      HUB88_PUBLIC_KEY: this.keys.publicPem,
    };
    for (const [key, value] of Object.entries(set)) {
      this.restore.push([key, mutable[key]]);
      mutable[key] = value;
    }
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async uninstall(): Promise<void> {
    const mutable = config as Record<string, unknown>;
    for (const [key, value] of this.restore.reverse()) mutable[key] = value;
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /**
   * Where calls go: null, Next's route handler in-process; an origin, over HTTP to a server that
   * answers them ahead of Next (lib/serve/casino-wallet.ts), as Hub88 reaches a production server.
   */
  via: string | null = null;

  /** Sends raw bytes with a signature header, as the aggregator (or a forger) would. */
  async raw(op: string, bytes: string, signature: string | null): Promise<Hub88Answer> {
    const init = {
      method: 'POST',
      body: bytes,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'X-Hub88-Signature': signature }),
      },
    };
    const path = `/api/v1/casino/hub88/${op}`;
    const response = this.via
      ? await fetch(`${this.via}${path}`, init)
      : await walletRoute(new Request(`http://localhost${path}`, init), {
          params: Promise.resolve({ op: op.split('/') }),
        });
    if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${op}`);
    return (await response.json()) as Hub88Answer;
  }

  /** A signed call; its answer recorded beside what was sent. */
  async send(op: string, body: Record<string, unknown>): Promise<Hub88Answer> {
    const full = { request_uuid: randomUUID(), ...body };
    const bytes = JSON.stringify(full);
    const answer = await this.raw(op, bytes, signBody(bytes, this.keys.privateKey));
    this.sent.push({ op, body: full, answer });
    return answer;
  }

  bet(p: Play & { amount: number }) {
    return this.send('transaction/bet', this.money(p, { amount: p.amount }));
  }

  win(p: Play & { amount: number; bet: string }) {
    return this.send(
      'transaction/win',
      this.money(p, { amount: p.amount, reference_transaction_uuid: p.bet }),
    );
  }

  rollback(p: Play & { bet: string }) {
    return this.send('transaction/rollback', this.money(p, { reference_transaction_uuid: p.bet }));
  }

  balance(user: string, token: string, game = 'x') {
    return this.send('user/balance', { user, token, game_code: game });
  }

  private money(p: Play, extra: Record<string, unknown>) {
    return {
      user: p.user,
      token: p.token,
      transaction_uuid: p.uuid ?? randomUUID(),
      round: p.round ?? randomUUID(),
      round_closed: p.closed ?? false,
      game_code: p.game,
      currency: p.currency,
      supplier_transaction_id: randomUUID(),
      ...extra,
    };
  }

  /**
   * What the aggregator believes it moved for a player, in its integers: its bets, wins and
   * rollbacks answered RS_OK, each transaction once (a retry is not counted twice).
   */
  netFor(user: string): number {
    const seen = new Set<string>();
    let net = 0;
    const amountOf = new Map<string, number>();
    for (const { op, body, answer } of this.sent) {
      if (body.user !== user || answer.status !== 'RS_OK') continue;
      const id = String(body.transaction_uuid);
      if (seen.has(id)) continue;
      seen.add(id);
      if (op === 'transaction/bet') {
        amountOf.set(id, Number(body.amount));
        net -= Number(body.amount);
      } else if (op === 'transaction/win') {
        net += Number(body.amount);
      } else if (op === 'transaction/rollback') {
        net += amountOf.get(String(body.reference_transaction_uuid)) ?? 0;
        amountOf.delete(String(body.reference_transaction_uuid));
      }
    }
    return net;
  }
}

export type Play = {
  user: string;
  token: string;
  game: string;
  currency: string;
  uuid?: string;
  round?: string;
  closed?: boolean;
};

/**
 * A player funded in `currency` who opened `game` in real mode: the token the launch gave the
 * aggregator is theirs to play with.
 */
export async function launchedPlayer(
  hub: ScriptedHub88,
  game: { slug: string; code: string },
  email: string,
  currency: string,
  units: bigint,
) {
  const player = await fundedPlayer(email, currency, units);
  await sqlRows(`UPDATE users SET navbar_currency = $1 WHERE id = $2`, [currency, player.userId]);
  const played = await call<{ mode: string; launchUrl: string }>(
    (req) => playRoute(req, { params: Promise.resolve({ slug: game.slug }) }),
    request('POST', `/games/${game.slug}/play`, { token: player.token }),
  );
  expect(played.data?.mode).toBe('real');
  const sent = hub.launches.at(-1)!;
  return {
    ...player,
    launchUrl: played.data!.launchUrl,
    play: {
      user: player.userId,
      token: String(sent.token),
      game: game.code,
      currency: String(sent.currency),
    } satisfies Play,
  };
}
