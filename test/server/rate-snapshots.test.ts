/**
 * Rate snapshots (issue 36): each UTC day's USD prices as taken at 00:00, the first one of a day
 * standing; a day taken from the built-in indicative table is marked.
 */
import { config } from '@/lib/config';
import { closeDb } from '@/lib/server/db';
import {
  secondsToNextUtcDay,
  snapshotRates,
  snapshotsBetween,
} from '@/lib/server/reports/rate-snapshots';
import { clearRatesCache } from '@/lib/server/wallet/rates';
import { livePrices } from './helpers/rates';

const mutable = config as Record<string, unknown>;
livePrices({ BTC: 95_000, ETH: 3500 });
afterAll(() => closeDb());

describe('rate snapshots', () => {
  it("keeps a day's first snapshot, from the live source", async () => {
    expect(await snapshotRates('2026-11-01')).toBe(2);
    // Taken again (another server, a retry): nothing changes.
    expect(await snapshotRates('2026-11-01')).toBe(0);
    const days = await snapshotsBetween('2026-11-01', '2026-11-01');
    expect(days.get('2026-11-01')).toEqual({
      usd: new Map([
        ['BTC', 95_000],
        ['ETH', 3500],
      ]),
      indicative: false,
    });
  });

  it('marks a day taken from the indicative table', async () => {
    const saved = mutable.RATES_URL;
    mutable.RATES_URL = undefined;
    clearRatesCache();
    try {
      expect(await snapshotRates('2026-11-02')).toBe(18);
    } finally {
      mutable.RATES_URL = saved;
      clearRatesCache();
    }
    const days = await snapshotsBetween('2026-11-01', '2026-11-30');
    expect([...days.keys()].sort()).toEqual(['2026-11-01', '2026-11-02']);
    expect(days.get('2026-11-02')).toMatchObject({ indicative: true });
    expect(days.get('2026-11-02')!.usd.get('BTC')).toBe(90_000);
  });

  it('waits until just past the next 00:00 UTC', () => {
    expect(secondsToNextUtcDay(new Date('2026-11-29T23:59:30Z'))).toBe(31);
    expect(secondsToNextUtcDay(new Date('2026-11-29T00:00:00Z'))).toBe(86_401);
    expect(secondsToNextUtcDay(new Date('2026-12-31T12:00:00.500Z'))).toBe(43_201);
  });
});
