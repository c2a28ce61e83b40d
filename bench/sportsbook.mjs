#!/usr/bin/env node
/**
 * The sportsbook under load (issue 42), on PostgreSQL: the wallet bench's 100 players
 * (bench/wallet-load.mts) and a server with the demo feed, on one database, in one run:
 *
 *   baseline    the wallet bench's phase 1 (a settled bet as two `post` calls, in the loader)
 *   HTTP floor  the same players reading their balances over HTTP at the same rate: the route,
 *               session and one query a placement also pays, which the baseline does not
 *   placement   100 players placing pre-match singles over HTTP (`POST /api/v1/sports/bets`:
 *               session, prices read and locked, limits, liability rows, the posting, the bet)
 *
 * each as an open loop at BENCH_BET_RATE bets a second in all (the p99 counted from when each was
 * due; the baseline's closed loop is shown for its capacity). Placement has no closed loop: a
 * player may place 120 bets a minute, and one a second each stays under it. Then the odds fan-out: BENCH_SOCKETS guests in
 * the public `sports` room, and BENCH_UPDATES suspensions and reopenings of a match through the
 * operator API — the time from the call until each socket has the match's update (p50, p99).
 * Prints figures beside the baseline and the goals; asserts nothing. Then runs every ledger
 * invariant. Needs a production build.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (a fresh database is made and dropped)
 *   BENCH_SECONDS=10        seconds per measurement
 *   BENCH_BET_RATE=100      bets a second in the open loop
 *   BENCH_SOCKETS=1000      sockets in the sports room
 *   BENCH_UPDATES=20        updates sent to them
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { io } from 'socket.io-client';
import { apiCall, startLoader, startServer, stopServers, withFreshDatabase } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const betRate = Number(process.env.BENCH_BET_RATE ?? 100);
const socketCount = Number(process.env.BENCH_SOCKETS ?? 1000);
const updates = Number(process.env.BENCH_UPDATES ?? 20);
const admin = process.env.BENCH_DATABASE_URL;
const port = 3424;
const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef';

if (!admin) {
  console.error(
    'bench:sportsbook measures PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(1);
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Soccer's pre-match 1X2 markets, far enough from their start that none kicks off meanwhile. */
async function markets(origin) {
  const res = await fetch(`${origin}/api/v1/sports/events?sport=soccer&limit=60`);
  const { data } = await res.json();
  const later = Date.now() + 30 * 60_000;
  return data
    .filter((e) => Date.parse(e.startsAt) > later)
    .map((e) => ({ event: e.id, market: e.markets[0] }))
    .filter((m) => m.market?.state === 'open');
}

/** One single of 1 USDT at any price on market `m` (the player's rule takes ours). */
async function place(origin, token, m, outcome) {
  const o = m.market.outcomes[outcome % m.market.outcomes.length];
  const { status, body } = await apiCall(origin, '/api/v1/sports/bets', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: {
      currency: 'USDT',
      amount: '1',
      oddsRule: 'any',
      idempotencyKey: randomUUID(),
      selections: [{ marketId: m.market.id, outcome: o.key, odds: o.odds }],
    },
  });
  if (status !== 200) throw new Error(body.code);
}

/** The same players reading their balances: the HTTP path a placement rides on, alone. */
async function balances(origin, token) {
  const { status, body } = await apiCall(origin, '/api/v1/wallet/balances', {
    headers: { authorization: `Bearer ${token}` },
  });
  if (status !== 200) throw new Error(body.code);
}

/** As the loader's open-loop phases: `rate` calls a second in all, for `duration` seconds. */
async function openLoop(tokens, rate, call, duration = seconds) {
  let settled = 0;
  let refused = 0;
  const refusals = new Map();
  const latencies = [];
  const started = performance.now();
  const until = started + duration * 1000;
  const every = (tokens.length * 1000) / rate;
  await Promise.all(
    tokens.map(async (token, p) => {
      const offset = (p * every) / tokens.length;
      for (let i = 0; ; i += 1) {
        const due = started + offset + i * every;
        if (due >= until) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        try {
          await call(token, p, i);
          settled += 1;
        } catch (error) {
          refused += 1;
          refusals.set(error.message, (refusals.get(error.message) ?? 0) + 1);
        }
        latencies.push(performance.now() - due);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    settled,
    refused,
    refusals,
    seconds: elapsed,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
  };
}

/** `count` guests in the sports room, connected a hundred at a time. */
async function guests(origin, count) {
  const sockets = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => {
      const socket = io(origin, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { origin },
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () =>
          socket.emit('join', 'sports', (joined) =>
            joined ? resolve(socket) : reject(new Error('not joined')),
          ),
        );
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Suspends and reopens match `eventId` by turns; each time, how long until every socket heard. */
async function fanOut(origin, sockets, eventId) {
  const latencies = [];
  let missed = 0;
  for (let u = 0; u < updates; u += 1) {
    const suspended = u % 2 === 0;
    const heard = sockets.map(
      (socket) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => {
            socket.off('sports:event', on);
            resolve(null);
          }, 5_000);
          function on(event) {
            if (event.id !== eventId) return;
            clearTimeout(timer);
            socket.off('sports:event', on);
            resolve(performance.now());
          }
          socket.on('sports:event', on);
        }),
    );
    const sent = performance.now();
    const res = await fetch(`${origin}/api/v1/operator/sports/events/${eventId}/suspension`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${OPERATOR_TOKEN}` },
      body: JSON.stringify({ suspended }),
    });
    if (res.status !== 200) throw new Error(`suspension: ${res.status}`);
    for (const at of await Promise.all(heard)) {
      if (at === null) missed += 1;
      else latencies.push(at - sent);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), missed };
}

await withFreshDatabase(admin, 'bench_sportsbook', async (url) => {
  const origin = `http://localhost:${port}`;
  const server = startServer(root, port, {
    DATABASE_URL: url,
    SPORTS_DEMO_FEED: 'true',
    SPORTS_FEED_SEED: '42',
    // The live loop's passes are not what is measured: one a minute keeps them out of the way.
    SPORTS_DEMO_TICK_MS: '60000',
    OPERATOR_TOKEN,
    CRASH_ENGINE: 'false',
  });
  let loader;
  let sockets = [];
  try {
    await server.ready;
    // Started once the server has migrated the fresh database (two migrating at once collide).
    loader = startLoader(root, url, origin);
    const tokens = await loader.ready;
    const book = await markets(origin);
    if (book.length < 10) throw new Error(`only ${book.length} soccer markets to bet on`);
    // Warm up both paths (JIT, prepared statements, the house slots and each player's accounts).
    const bet = (token, p, i) => place(origin, token, book[(p * 7 + i) % book.length], i);
    const read = (token) => balances(origin, token);
    await loader.run('two-posts 0');
    await openLoop(tokens, betRate, bet, 2);
    await openLoop(tokens, betRate, read, 2);
    const rows = [
      ['baseline: phase 1 (two posts)', await loader.run('two-posts 0')],
      [`baseline at ${betRate}/s`, await loader.run(`two-posts-at ${betRate}`)],
      [`HTTP floor (balances) at ${betRate}/s`, await openLoop(tokens, betRate, read)],
      [`placement at ${betRate}/s`, await openLoop(tokens, betRate, bet)],
    ];
    sockets = await guests(origin, socketCount);
    const odds = await fanOut(origin, sockets, book[0].event);
    const broken = await loader.check();

    const perSecond = (load) => load.settled / load.seconds;
    console.log(`\nSportsbook on PostgreSQL: 100 players, USDT, ${seconds} s a measurement`);
    console.log(`${''.padEnd(32)}  rate/s  p50 ms  p99 ms refused`);
    for (const [name, load] of rows) {
      console.log(
        `${name.padEnd(32)} ${perSecond(load).toFixed(0).padStart(7)} ${load.p50.toFixed(1).padStart(7)} ${load.p99.toFixed(1).padStart(7)} ${String(load.refused).padStart(7)}`,
      );
      if (load.refusals?.size) console.log(`  refusals: ${JSON.stringify([...load.refusals])}`);
    }
    console.log(
      `odds to ${sockets.length} sockets, ${updates} updates: p50 ${odds.p50.toFixed(1)} ms, p99 ${odds.p99.toFixed(1)} ms, missed ${odds.missed}`,
    );
    const mark = (ok) => (ok ? '✓' : '✗');
    const [, baselineAt, floor, placed] = rows.map(([, load]) => load);
    const gap = placed.p99 - baselineAt.p99;
    console.log(
      `goal: placement p99 ≤ phase 1 p99 + 20 ms at ${betRate}/s: ${mark(gap <= 20)} (${placed.p99.toFixed(1)} vs ${baselineAt.p99.toFixed(1)} ms; the HTTP floor alone ${floor.p99.toFixed(1)} ms)`,
    );
    console.log(
      `goal: odds updates to ${socketCount} sockets p99 ≤ 250 ms: ${mark(odds.p99 <= 250 && odds.missed === 0)}`,
    );
    console.log(
      `goal: ledger:check clean: ${mark(broken === 0)}${broken ? ` (${broken} broken)` : ''}`,
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    loader?.stop();
    await stopServers([server]);
  }
});
