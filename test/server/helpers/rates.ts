import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { config } from '@/lib/config';
import { clearRatesCache } from '@/lib/server/wallet/rates';

/** CoinGecko ids of the coins a test prices. */
const ids: Record<string, string> = { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether' };

/**
 * For a whole test file: a local server playing CoinGecko's simple-price API with these USD prices
 * (every fiat currency at the same figure), configured as the live price source while it runs.
 */
export function livePrices(usd: Partial<Record<keyof typeof ids, number>>): void {
  const mutable = config as Record<string, unknown>;
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const vs = new URL(req.url!, 'http://localhost').searchParams.get('vs_currencies') ?? 'usd';
      const answer = Object.fromEntries(
        Object.entries(usd).map(([symbol, price]) => [
          ids[symbol],
          Object.fromEntries(vs.split(',').map((c) => [c, price])),
        ]),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    mutable.RATES_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
    clearRatesCache();
  });
  afterAll(async () => {
    mutable.RATES_URL = undefined;
    clearRatesCache();
    await new Promise<void>((done) => server.close(() => done()));
  });
}
