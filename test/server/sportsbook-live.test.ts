/**
 * The demo feed in play on a fresh embedded database: a match kicks off at its time, its clock
 * runs and its prices move with the score and the time left (our prices from the invented books'),
 * a goal suspends its markets for a moment, a stalled feed shows them suspended and takes no bet,
 * a sport with nothing in play gets a match at once, and the end settles the bets on it.
 */
import { GET as liveRoute } from '@/app/api/v1/sports/live/route';
import { POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import { config } from '@/lib/config';
import type { SportsBet, SportsEvent } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import { liveFair, setChance, setsWin } from '@/lib/server/sportsbook/live-models';
import { seedLiveDemo, tickLive } from '@/lib/server/sportsbook/simulation';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request } from './helpers/api';
import { sqlRows } from './helpers/races';
import { fundedPlayer } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
const MATCH_MS = Number(config.SPORTS_DEMO_MATCH_MINUTES) * 60_000;

afterAll(closeDb);

describe('live models', () => {
  it('price a goal sport from the score and the time left', () => {
    const model = { kind: 'goals', home: 1.5, away: 1.2 } as const;
    const x12 = { kind: '1x2', lineQuarters: 0, outcomes: ['home', 'draw', 'away'] };
    const before = liveFair(model, 1, [0, 0], x12);
    const ahead = liveFair(model, 0.5, [1, 0], x12);
    const late = liveFair(model, 0.05, [1, 0], x12);
    expect(before.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 9);
    expect(ahead[0]).toBeGreaterThan(before[0]!);
    expect(late[0]).toBeGreaterThan(ahead[0]!);
    expect(late[0]).toBeGreaterThan(0.9);
    // Over 2.5 with three goals in is all but won.
    const total = { kind: 'total', lineQuarters: 10, outcomes: ['over', 'under'] };
    expect(liveFair(model, 0.5, [2, 1], total)[0]).toBeGreaterThan(0.99);
  });

  it('price tennis by sets, and a point sport by its margin', () => {
    const set = setChance(0.7);
    expect(setsWin(set, 0, 0)).toBeCloseTo(0.7, 6);
    expect(setsWin(set, 1, 0)).toBeGreaterThan(0.7);
    expect(setsWin(set, 0, 1)).toBeLessThan(0.7);
    const model = { kind: 'points', home: 110, away: 104, marginSd: 12, totalSd: 18 } as const;
    const winner = { kind: 'moneyline', lineQuarters: 0, outcomes: ['home', 'away'] };
    expect(liveFair(model, 0.1, [80, 95], winner)[0]).toBeLessThan(0.05);
  });
});

describe('the demo feed in play', () => {
  const soccerMatch = async () => {
    const [row] = await sqlRows(
      `SELECT id FROM sports_events WHERE sport = 'soccer' AND state = 'scheduled' AND id < 90000000
       ORDER BY starts_at LIMIT 1`,
    );
    return Number(row!.id);
  };

  it('kicks off, moves the prices, suspends on a goal, and settles at the end', async () => {
    seedLiveDemo(7);
    const from = new Date(Date.now() + 60_000);
    // Two days: late in the UTC day, today's kick-offs (10:00–22:45) may all be past.
    await storeEvents(
      demoSchedule(21, from, 2).filter((e) => e.startsAt > from),
      'demo',
    );
    const id = await soccerMatch();
    const [kickOff] = await sqlRows(
      `UPDATE sports_events SET starts_at = now() - interval '1 second' WHERE id = $1 RETURNING starts_at`,
      [id],
    );
    const startsAt = kickOff!.starts_at as Date;
    const { userId, token } = await fundedPlayer('inplay@example.com', 'USDT', BigInt(50_000_000));

    await tickLive(new Date());
    const [kicked] = await sqlRows(`SELECT state, live FROM sports_events WHERE id = $1`, [id]);
    expect(kicked!.state).toBe('live');
    // Every sport has a match in play: the demo's own where the schedule had none.
    const playing = await sqlRows(
      `SELECT DISTINCT sport FROM sports_events WHERE state = 'live' OR id >= 90000000`,
    );
    expect(playing).toHaveLength(8);

    const listed = await call<SportsEvent[]>(liveRoute, request('GET', '/sports/live'));
    const match = listed.data!.find((e) => e.id === id)!;
    expect(match.live).toEqual({ minute: 0, score: [0, 0] });
    const x12 = match.markets[0]!;

    // A live bet at our in-play price (the delay kept short here).
    const delay = mutable.LIVE_BET_DELAY_MS;
    mutable.LIVE_BET_DELAY_MS = 50;
    let placed: SportsBet;
    try {
      const home = x12.outcomes[0]!;
      const answer = await call<SportsBet>(
        placeRoute,
        request('POST', '/sports/bets', {
          token,
          body: {
            currency: 'USDT',
            amount: '5',
            oddsRule: 'any',
            idempotencyKey: 'live-bet-0001',
            selections: [{ marketId: x12.id, outcome: 'home', odds: home.odds }],
          },
        }),
      );
      expect(answer.status).toBe(200);
      placed = answer.data!;
      expect(placed.live).toBe(true);
    } finally {
      mutable.LIVE_BET_DELAY_MS = delay;
    }

    // Half-time: the prices have moved from the score and the clock.
    const start = new Date(startsAt).getTime();
    await tickLive(new Date(start + MATCH_MS / 2));
    const [half] = await sqlRows(`SELECT live FROM sports_events WHERE id = $1`, [id]);
    const state = half!.live as {
      played: number;
      score: [number, number];
      suspendedUntil?: string;
    };
    expect(state.played).toBeCloseTo(0.5, 2);
    const [market] = await sqlRows(`SELECT state, odds FROM sports_markets WHERE id = $1`, [
      x12.id,
    ]);
    expect(market!.odds).not.toEqual(x12.outcomes.map((o) => o.odds));
    // A goal in this pass suspends the markets; none leaves them open.
    const scoredNow = state.score[0] + state.score[1] > 0;
    expect(market!.state).toBe(scoredNow ? 'suspended' : 'open');

    // The feed stalls: its prices go stale, the market shows suspended and takes no bet.
    await sqlRows(
      `UPDATE sports_markets SET state = 'open', priced_at = now() - make_interval(secs => $2) WHERE id = $1`,
      [x12.id, Number(config.LIVE_STALE_MS) / 1000 + 5],
    );
    const stale = await call<SportsEvent[]>(liveRoute, request('GET', '/sports/live'));
    const staleMarket = stale.data!.find((e) => e.id === id)!.markets[0]!;
    expect(staleMarket.state).toBe('suspended');
    expect(staleMarket.outcomes.every((o) => o.odds === null)).toBe(true);

    // Full time: the result settles the bet.
    await tickLive(new Date(start + MATCH_MS + 1_000));
    await drainJobs();
    const [ended] = await sqlRows(`SELECT state, result, live FROM sports_events WHERE id = $1`, [
      id,
    ]);
    expect(ended!.state).toBe('ended');
    const finalScore = (ended!.live as { score: [number, number] }).score;
    expect(ended!.result).toEqual({ regulation: finalScore, full: finalScore });
    const [bet] = await sqlRows(
      `SELECT state, payout::text AS payout FROM sports_bets WHERE id = $1`,
      [placed.id],
    );
    expect(bet!.state).toBe('settled');
    const won = finalScore[0] > finalScore[1];
    expect(bet!.payout === '0').toBe(!won);
    expect(
      await sqlRows(`SELECT 1 FROM sports_bets WHERE user_id = $1 AND state = 'open'`, [userId]),
    ).toEqual([]);
    expect(await checkLedger()).toEqual([]);
  });
});
