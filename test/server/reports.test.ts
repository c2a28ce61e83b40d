/**
 * The reports room's figures (issue 36): a fixed fixture of postings on one UTC day whose GGR, bonus
 * cost and NGR are worked out by hand below; the CSV keeps a formula-like username inert; roles.
 */
import { GET as csvRoute } from '@/app/api/v1/operator/reports/csv/route';
import { GET as reportRoute } from '@/app/api/v1/operator/reports/route';
import { config } from '@/lib/config';
import type { Report } from '@/lib/schemas/reports';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { csvCell } from '@/lib/server/reports/csv';
import { utcDay } from '@/lib/server/reports/rate-snapshots';
import { post, type Line } from '@/lib/server/wallet/ledger';
import { call, request } from './helpers/api';
import { asStaff, signedInStaff } from './helpers/staff';
import { fund } from './helpers/wallet';

const OPERATOR = 'operator-token-for-the-report-tests';
const mutable = config as Record<string, unknown>;
beforeAll(() => {
  mutable.OPERATOR_TOKEN = OPERATOR;
});
afterAll(() => closeDb());

const USDT = BigInt(10) ** BigInt(6);
const ETH = BigInt(10) ** BigInt(8);
const move = (from: Line['account'], to: Line['account'], amount: bigint): Line[] => [
  { account: from, amount: -amount },
  { account: to, amount },
];
let key = 0;
const posting = (
  type: 'bet' | 'win' | 'bonus' | 'reversal' | 'withdrawal',
  userId: string,
  lines: Line[],
) => post({ type, scope: 'report-fixture', key: String((key += 1)), userId, lines });

const report = (query: string) =>
  call<Report>(reportRoute, request('GET', `/operator/reports?${query}`, { token: OPERATOR }));

describe('the daily report', () => {
  it('matches the hand-worked GGR, bonus cost and NGR of a fixed fixture', async () => {
    const today = utcDay(new Date());
    const { sql } = await getDbHandle();
    // The day's prices: 1 USDT = 1 USD, 1 ETH = 2,000 USD.
    await sql(
      `INSERT INTO rate_snapshots (day, symbol, usd, source) VALUES ($1, 'USDT', 1, 'live'), ($1, 'ETH', 2000, 'live')`,
      [today],
    );
    const ana = (await createPlayer({ email: 'ana@example.com', status: 'active' })).id;
    const ben = (await createPlayer({ email: 'ben@example.com', status: 'active' })).id;
    const idle = (await createPlayer({ email: 'idle@example.com', status: 'active' })).id;
    const usdt = (userId: string, kind?: 'bonus') => ({ userId, currency: 'USDT', kind });
    const casino = { house: 'casino' as const, currency: 'USDT' };

    // Deposits: Ana 500 USDT (500 USD), Ben 0.5 ETH (1,000 USD). Both first deposits.
    await fund(ana, 'USDT', BigInt(500) * USDT);
    await fund(ben, 'ETH', ETH / BigInt(2));
    // Casino: Ana stakes 100, wins 30 back, then a resettlement takes 10 back: 100 − 30 + 10 = 80.
    await posting('bet', ana, move(usdt(ana), casino, BigInt(100) * USDT));
    await posting('win', ana, move(casino, usdt(ana), BigInt(30) * USDT));
    await posting('reversal', ana, move(usdt(ana), casino, BigInt(10) * USDT));
    // Originals: Ben stakes 0.1 ETH (200 USD) and loses it: 200.
    await posting(
      'bet',
      ben,
      move(
        { userId: ben, currency: 'ETH' },
        { house: 'originals', currency: 'ETH' },
        ETH / BigInt(10),
      ),
    );
    // Bonus: the bonus account pays Ana 50 USDT (cost 50); her 20 USDT bonus stake is not real money.
    await posting(
      'bonus',
      ana,
      move({ house: 'bonus', currency: 'USDT' }, usdt(ana, 'bonus'), BigInt(50) * USDT),
    );
    await posting('bet', ana, move(usdt(ana, 'bonus'), casino, BigInt(20) * USDT));
    // Sportsbook: Ana's 5 USDT held as an open bet's stake, then lost: 5 (a stake is real money).
    const stake = { userId: ana, currency: 'USDT', kind: 'stake' as const };
    await posting('bet', ana, move(usdt(ana), stake, BigInt(5) * USDT));
    await posting(
      'bet',
      ana,
      move(stake, { house: 'sportsbook', currency: 'USDT' }, BigInt(5) * USDT),
    );
    // Ana is paid 100 USDT out: one withdrawal of 100 USD.
    await posting(
      'withdrawal',
      ana,
      move(usdt(ana), { house: 'withdrawals', currency: 'USDT' }, BigInt(100) * USDT),
    );
    // Ben deposits 0.001 BTC, which has no price that day: counted, priced at 0, and named.
    await fund(ben, 'BTC', BigInt(100_000));

    const answer = await report(`from=${today}&to=${today}`);
    expect(answer.status).toBe(200);
    expect(answer.data!.days).toEqual([
      {
        day: today,
        ggr: {
          casino: '80.00',
          originals: '200.00',
          sportsbook: '5.00',
          game: '0.00',
          total: '285.00',
        },
        bonusCost: '50.00',
        ngr: '235.00',
        activePlayers: 2,
        deposits: { count: 3, usd: '1500.00' },
        withdrawals: { count: 1, usd: '100.00' },
        firstDeposits: 2,
        newPlayers: 3,
        indicative: false,
        unpriced: ['BTC'],
      },
    ]);
    expect(answer.data!.players.map((p) => [p.userId, p.ggr, p.deposits, p.withdrawals])).toEqual([
      [ben, '200.00', '1000.00', '0.00'],
      [ana, '85.00', '500.00', '100.00'],
    ]);
    expect(answer.data!.players.some((p) => p.userId === idle)).toBe(false);

    // A day before has nothing; a range lists every day, the empty ones too.
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    const range = await report(`from=${yesterday}&to=${today}`);
    expect(range.data!.days).toEqual([
      {
        day: yesterday,
        ggr: { casino: '0.00', originals: '0.00', sportsbook: '0.00', game: '0.00', total: '0.00' },
        bonusCost: '0.00',
        ngr: '0.00',
        activePlayers: 0,
        deposits: { count: 0, usd: '0.00' },
        withdrawals: { count: 0, usd: '0.00' },
        firstDeposits: 0,
        newPlayers: 0,
        indicative: false,
        unpriced: [],
      },
      answer.data!.days[0],
    ]);
  });

  it('refuses a reversed or over-long range, and the roles without reports', async () => {
    expect(await report('from=2026-02-02&to=2026-02-01')).toMatchObject({ status: 400 });
    expect(await report('from=2025-01-01&to=2026-06-01')).toMatchObject({ status: 400 });
    expect(await report('from=2026-02-31&to=2026-03-01')).toMatchObject({ status: 400 });
    for (const role of ['support', 'risk'] as const) {
      const member = await signedInStaff(role);
      expect(
        await call(
          reportRoute,
          asStaff('GET', '/operator/reports?from=2026-01-01&to=2026-01-02', member.cookie),
        ),
      ).toMatchObject({ status: 403 });
    }
    const payments = await signedInStaff('payments');
    expect(
      await call(
        reportRoute,
        asStaff('GET', '/operator/reports?from=2026-01-01&to=2026-01-02', payments.cookie),
      ),
    ).toMatchObject({ status: 200 });
  });
});

describe('the CSV', () => {
  it('writes formula-like text inert and numbers as they are', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    for (const risky of ['+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR']) {
      expect(csvCell(risky).startsWith(`"'`)).toBe(true);
    }
    expect(csvCell('-12.50')).toBe('"-12.50"');
    expect(csvCell('ana')).toBe('"ana"');
  });

  it('streams every player of the range, a formula in a username coming out inert', async () => {
    const today = utcDay(new Date());
    const { sql } = await getDbHandle();
    const mallory = (await createPlayer({ email: 'mallory@example.com', status: 'active' })).id;
    await sql(`UPDATE users SET username = $2 WHERE id = $1`, [
      mallory,
      '=HYPERLINK("http://evil.example","win")',
    ]);
    await fund(mallory, 'USDT', BigInt(5) * USDT);
    const res = await csvRoute(
      request('GET', `/operator/reports/csv?from=${today}&to=${today}&view=players`, {
        token: OPERATOR,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="report-players-${today}-${today}.csv"`,
    );
    const text = await res.text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"member_id","username","ggr_usd","deposits_usd","withdrawals_usd"');
    const row = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(row).toContain('"\'=HYPERLINK(""http://evil.example"",""win"")","0.00","5.00","0.00"');
    const days = await (
      await csvRoute(
        request('GET', `/operator/reports/csv?from=${today}&to=${today}`, { token: OPERATOR }),
      )
    ).text();
    expect(days.split('\r\n')[1]).toMatch(new RegExp(`^"${today}","80.00","200.00"`));
  });
});
