import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GET as rates } from '@/app/api/v1/wallet/rates/route';
import { config } from '@/lib/config';
import type { Rates } from '@/lib/schemas/rates';
import { clearRatesCache } from '@/lib/server/wallet/rates';
import { call, request } from './helpers/api';

const mutable = config as Record<string, unknown>;

/** A local server playing CoinGecko's simple-price API. */
let server: Server;
let asked: URL[] = [];
let failing = false;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    asked.push(url);
    if (failing || url.pathname !== '/api/v3/simple/price') {
      res.writeHead(503).end();
      return;
    }
    const vs = url.searchParams.get('vs_currencies')!.split(',');
    const price = (usd: number) =>
      Object.fromEntries(vs.map((c) => [c, c === 'usd' ? usd : usd * 2]));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bitcoin: price(100000), ethereum: price(4000), tether: { usd: 1 } }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  asked = [];
  failing = false;
  clearRatesCache();
  mutable.RATES_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
});
afterEach(() => {
  mutable.RATES_URL = undefined;
});

const get = () => call<Rates>(rates, request('GET', '/wallet/rates'));

describe('rates for the fiat view', () => {
  it('reads the price source once a minute, in the six fiat currencies', async () => {
    const first = await get();
    expect(first.data).toMatchObject({
      source: 'live',
      rates: { BTC: { USD: 100000, EUR: 200000, JPY: 200000 }, ETH: { USD: 4000 } },
    });
    // Tether came without every currency: left out, not half-converted.
    expect(first.data!.rates.USDT).toBeUndefined();
    expect(asked[0]!.searchParams.get('vs_currencies')).toBe('usd,eur,gbp,brl,jpy,try');
    expect(asked[0]!.searchParams.get('ids')).toContain('bitcoin');
    await Promise.all([get(), get(), get()]);
    expect(asked).toHaveLength(1);
  });

  it('falls back to the indicative table when the source fails or none is configured', async () => {
    failing = true;
    expect((await get()).data).toMatchObject({
      source: 'indicative',
      rates: { BTC: { USD: 90000 } },
    });
    mutable.RATES_URL = undefined;
    const builtIn = await get();
    expect(builtIn.data!.source).toBe('indicative');
    expect(Object.keys(builtIn.data!.rates)).toHaveLength(18);
  });
});
