import { eq } from 'drizzle-orm';
import { GET as getCryptos } from '@/app/api/v1/config/cryptos/route';
import { POST as postErrorLog } from '@/app/api/v1/logs/error/route';
import { CLIENT_ADDRESS_HEADER } from '@/lib/serve/client-address';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb } from '@/lib/server/db';
import { cryptos, errorLogs, users } from '@/lib/server/db/schema';

const url = (path: string) => `http://localhost/api/v1${path}`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(url(path), {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

afterAll(() => closeDb());

describe('Cryptos list', () => {
  it('answers data.cryptos with symbol and logoUrl, in display order, enabled only', async () => {
    const body = await (await getCryptos(new Request(url('/config/cryptos')))).json();
    expect(body.code).toBe('success');
    expect(body.data.cryptos.slice(0, 3)).toEqual([
      { symbol: 'BTC', logoUrl: '/crypto/btc.svg' },
      { symbol: 'ETH', logoUrl: '/crypto/eth.svg' },
      { symbol: 'USDT', logoUrl: '/crypto/usdt.svg' },
    ]);
    const db = await getDb();
    await db.update(cryptos).set({ enabled: false }).where(eq(cryptos.symbol, 'ETH'));
    const after = await (await getCryptos(new Request(url('/config/cryptos')))).json();
    expect(after.data.cryptos.map((c: { symbol: string }) => c.symbol)).not.toContain('ETH');
    expect(after.data.cryptos).toHaveLength(body.data.cryptos.length - 1);
    await db.update(cryptos).set({ enabled: true }).where(eq(cryptos.symbol, 'ETH'));
  });
});

describe('Error log', () => {
  const report = {
    message: 'Cannot read properties of undefined',
    componentStack: '\n    at GameGrid\n    at Page',
    url: 'http://localhost:3000/es/casino?tab=lobby',
    timestamp: '2026-11-22T10:00:00.000Z',
    userAgent: 'jest',
  };

  it('stores the report, with the player when signed in', async () => {
    const db = await getDb();
    const guest = await postErrorLog(post('/logs/error', report));
    expect(guest.status).toBe(200);
    const { data } = await guest.json();
    const [row] = await db.select().from(errorLogs).where(eq(errorLogs.id, data.id));
    expect(row).toMatchObject({
      message: report.message,
      url: report.url,
      userAgent: 'jest',
      userId: null,
    });
    expect(row!.occurredAt.toISOString()).toBe(report.timestamp);

    const [user] = await db.insert(users).values({ username: 'reporter' }).returning();
    const { token } = await createSession(user!.id);
    const signedIn = await (
      await postErrorLog(post('/logs/error', report, { authorization: `Bearer ${token}` }))
    ).json();
    const [mine] = await db.select().from(errorLogs).where(eq(errorLogs.id, signedIn.data.id));
    expect(mine!.userId).toBe(user!.id);
  });

  it('refuses a report without a message or with a bad timestamp, storing nothing', async () => {
    const db = await getDb();
    const before = (await db.select().from(errorLogs)).length;
    for (const bad of [
      { ...report, message: '  ' },
      { ...report, timestamp: 'yesterday' },
      { url: 'x' },
    ]) {
      const res = await postErrorLog(post('/logs/error', bad));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.error.message).toEqual(expect.any(String));
    }
    expect(await db.select().from(errorLogs)).toHaveLength(before);
  });

  it('refuses the 31st report in a minute from one address with 429, storing nothing more', async () => {
    const db = await getDb();
    const from = { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' };
    for (let i = 0; i < 30; i++) {
      expect((await postErrorLog(post('/logs/error', report, from))).status).toBe(200);
    }
    const before = (await db.select().from(errorLogs)).length;
    const refused = await postErrorLog(post('/logs/error', report, from));
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('RATE_LIMITED');
    expect(await db.select().from(errorLogs)).toHaveLength(before);
    // Another address is not affected.
    const other = await postErrorLog(
      post('/logs/error', report, { [CLIENT_ADDRESS_HEADER]: '198.51.100.4' }),
    );
    expect(other.status).toBe(200);
  });
});
