#!/usr/bin/env node
/**
 * The casino's seamless wallet under load (issue 40), on PostgreSQL: the wallet bench's 100
 * players (bench/wallet-load.mts) and a server configured for Hub88, on one database, one phase
 * after the other:
 *
 *   baseline   the wallet bench's phase 2: a settled bet as one `postMany`, in the loader process
 *   casino     100 game sessions, each a bet then its win through Hub88's Wallet API over HTTP,
 *              every body signed RSA-SHA256 here (before the phase: the aggregator's signing is
 *              not the operator's cost) and checked by the server (signatures, HTTP, idempotency
 *              records, rounds and protection included)
 *
 * each as a closed loop (bets, or bet+win pairs, a second) and an open loop at BENCH_BET_RATE a
 * second (the p99 counted from when each was due). Then the HTTP floor: signed `user/balance`
 * calls, which write nothing — what the server's HTTP and signature path allows on this machine.
 * Beside each phase, the CPU one settled bet or pair cost: the loader's or the server's process,
 * and the database's backends (/proc), which the machine's swings move far less than the rates;
 * and the share of the two cores the host gave other guests meanwhile (steal: whether a slow run
 * was the host's doing).
 * Prints figures beside the baseline and the goals; asserts nothing. Then runs every ledger
 * invariant. Needs a production build.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (a fresh database is made and dropped)
 *   BENCH_SECONDS=10        seconds per closed loop (and of the HTTP floor)
 *   BENCH_OPEN_SECONDS=60   seconds per open loop: a p99 is the 1 % slowest of what the window
 *                           holds, so the window spans what recurs under load — the server's full
 *                           collections (every 9–10 s) and an autovacuum pass (once a minute) —
 *                           as a minute of a running casino does; in 10 s it was the 10th slowest
 *                           pair, and whether one of them fell inside decided it
 *   BENCH_BET_RATE=100      bets (pairs) a second in the open loop
 *   BENCH_TRACE=<file>      writes the open loop's pairs there as JSON (`startedAt`, and `timed`:
 *                           [start, bet, win] in ms from then), to see whether slow pairs come
 *                           together, and when (PostgreSQL's log has its autovacuum's times)
 */
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  cpuMeter,
  startLoader,
  startServer,
  stopServers,
  vacuum,
  withFreshDatabase,
} from './lib.mjs';
import { rawClient } from './raw-client.mjs';
import { LEAD_IN_MS, measurePhase } from './open-loop.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const openSeconds = Number(process.env.BENCH_OPEN_SECONDS ?? 60);
const betRate = Number(process.env.BENCH_BET_RATE ?? 100);
const admin = process.env.BENCH_DATABASE_URL;
const traceFile = process.env.BENCH_TRACE;
const port = 3422;

if (!admin) {
  console.error(
    'bench:casino measures PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(1);
}

const pem = (key, type) => key.export({ type, format: 'pem' }).toString();
const hub88 = generateKeyPairSync('rsa', { modulusLength: 2048 });
const operator = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A Wallet API call as Hub88 makes it: the body and its RSA-SHA256 signature. */
function signed(op, body) {
  const bytes = JSON.stringify({ request_uuid: randomUUID(), ...body });
  const signature = createSign('RSA-SHA256').update(bytes).sign(hub88.privateKey, 'base64');
  return { op, bytes, signature };
}

/** The aggregator's connections to the server (one per call in flight), opened as calls need them. */
let client;

/** Sends a signed call; its status. */
async function send(origin, { op, bytes, signature }) {
  client ??= rawClient(origin);
  const { body: answer } = await client.post(
    `/api/v1/casino/hub88/${op}`,
    { 'x-hub88-signature': signature },
    bytes,
  );
  return answer.status;
}

/** Round `i` of session `s`, signed: a bet of 2 USDT and its win of 1 or 3 that closes the round. */
function signedPair(s, i) {
  const round = randomUUID();
  const bet = randomUUID();
  const common = { user: s.user, token: s.token, round, game_code: s.game, currency: 'USDT' };
  return [
    signed('transaction/bet', {
      ...common,
      transaction_uuid: bet,
      round_closed: false,
      amount: 200_000,
    }),
    signed('transaction/win', {
      ...common,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet,
      round_closed: true,
      amount: i % 2 ? 300_000 : 100_000,
    }),
  ];
}

/**
 * Signs `count` rounds a session before a phase: Hub88 signs on its own machines, so its signing
 * is not the operator's cost, and here it would take the cores the server and PostgreSQL share.
 * A phase that runs past them signs the rest as it goes (and says how many).
 */
const presign = (sessions, count) =>
  sessions.map((s) => Array.from({ length: count }, (_, i) => signedPair(s, i)));

/** One round: the bet, then its win once the bet is taken; its times go to `trace` when given. */
async function pair(origin, [bet, win], trace) {
  const started = performance.now();
  const placed = await send(origin, bet);
  if (placed !== 'RS_OK') throw new Error(placed);
  const betDone = performance.now();
  const won = await send(origin, win);
  if (won !== 'RS_OK') throw new Error(won);
  trace?.push([started, betDone - started, performance.now() - betDone]);
}

/**
 * What HTTP alone allows: signed `user/balance` calls (the signature checked, the session and the
 * balance read, nothing written), each session in a closed loop — calls a second.
 */
async function floor(origin, sessions) {
  let calls = 0;
  // Signed once a session: a balance call writes nothing, so the same call may come again.
  const balance = sessions.map((s) =>
    signed('user/balance', { user: s.user, token: s.token, game_code: s.game }),
  );
  const started = performance.now();
  await Promise.all(
    sessions.map(async (_, p) => {
      while (performance.now() - started < seconds * 1000) {
        await send(origin, balance[p]);
        calls += 1;
      }
    }),
  );
  return calls / ((performance.now() - started) / 1000);
}

/**
 * A phase of the sessions' rounds, as the loader's (`measurePhase`, bench/open-loop.mjs): `rate`
 * 0 a closed loop per session, else an open loop of `rate` pairs a second in all, `span` seconds
 * long. Each session plays its rounds signed ahead (`rounds[p]`), then signs as it goes.
 */
async function phase(origin, sessions, rate, rounds = [], span = seconds) {
  let signedLive = 0;
  const trace = traceFile && rate > 0 ? [] : null;
  const load = await measurePhase(sessions.length, rate, span, (p, i, counted) => {
    let calls = rounds[p]?.[i];
    if (!calls) {
      calls = signedPair(sessions[p], i);
      signedLive += 1;
    }
    return pair(origin, calls, counted ? trace : null);
  });
  if (signedLive && rounds.length) console.log(`(${signedLive} rounds signed during the phase)`);
  if (trace) {
    const round = (ms) => Math.round(ms * 10) / 10;
    const timed = trace.map(([at, b, w]) => [round(at - load.started), round(b), round(w)]);
    writeFileSync(
      traceFile,
      JSON.stringify({ startedAt: new Date(performance.timeOrigin + load.started), timed }),
    );
  }
  return load;
}

await withFreshDatabase(admin, 'bench_casino', async (url) => {
  const origin = `http://localhost:${port}`;
  const server = startServer(root, port, {
    DATABASE_URL: url,
    GAMES_AGGREGATOR: 'hub88',
    GAMES_AGGREGATOR_URL: 'http://127.0.0.1:9',
    HUB88_OPERATOR_ID: '1',
    HUB88_PUBLIC_KEY: pem(hub88.publicKey, 'spki'),
    HUB88_OPERATOR_PRIVATE_KEY: pem(operator.privateKey, 'pkcs8'),
    CRASH_ENGINE: 'false',
  });
  let loader;
  let meter;
  try {
    await server.ready;
    // Started once the server has migrated the fresh database (two migrating at once collide).
    loader = startLoader(root, url, origin);
    await loader.ready;
    const sessions = await loader.casinoSessions('hub88');
    meter = await cpuMeter(admin, url);
    /**
     * A phase with what it cost: the CPU of `pid` (the loader or the server), its backends', ours;
     * each starts on a vacuumed database (`vacuum`), whatever the phase before it wrote.
     */
    const metered = async (pid, work) => {
      await vacuum(url);
      const before = await meter.take([pid]);
      const ours = process.cpuUsage();
      const load = await work();
      const { user, system } = process.cpuUsage(ours);
      return { ...load, cpu: { ...(await meter.since(before)), client: (user + system) / 1000 } };
    };
    const casino = server.server.pid;
    // Warm up both paths (JIT, prepared statements, the house slots and each player's accounts).
    await loader.run('post-many-warm 0');
    await phase(origin, sessions, 0);
    // Signed before their phases: the signing is neither side's cost, and not measured.
    const closedRounds = presign(sessions, seconds * 10);
    const openRounds = presign(
      sessions,
      Math.ceil((betRate * (openSeconds + LEAD_IN_MS / 1000)) / sessions.length) + 1,
    );
    const rows = [
      ['baseline: one postMany', await metered(loader.pid, () => loader.run('post-many 0'))],
      [
        'casino: bet + win over HTTP',
        // Enough for 1,000 pairs a second, several times what this machine reaches.
        await metered(casino, () => phase(origin, sessions, 0, closedRounds)),
      ],
      [
        `baseline at ${betRate}/s`,
        await metered(loader.pid, () => loader.run(`post-many-at ${betRate} ${openSeconds}`)),
      ],
      [
        `casino at ${betRate} pairs/s`,
        await metered(casino, () => phase(origin, sessions, betRate, openRounds, openSeconds)),
      ],
    ];
    const httpFloor = await floor(origin, sessions);
    const broken = await loader.check();

    const perSecond = (load) => load.settled / load.seconds;
    console.log(
      `\nCasino wallet on PostgreSQL: 100 sessions, USDT, ${seconds} s a closed loop, ${openSeconds} s an open one`,
    );
    console.log(
      `${''.padEnd(32)}  rate/s  p50 ms  p99 ms refused   CPU ms each: app      db  stolen`,
    );
    for (const [name, load] of rows) {
      const each = (ms) => (ms / load.settled).toFixed(2).padStart(8);
      console.log(
        `${name.padEnd(32)} ${perSecond(load).toFixed(0).padStart(7)} ${load.p50.toFixed(1).padStart(7)} ${load.p99.toFixed(1).padStart(7)} ${String(load.refused).padStart(7)}              ${each(load.cpu.app)}${each(load.cpu.db)}${`${(load.cpu.stolen * 100).toFixed(0)} %`.padStart(8)}`,
      );
    }
    console.log(
      `${'HTTP floor: signed balance calls'.padEnd(32)} ${httpFloor.toFixed(0).padStart(7)}  (two calls make a pair: at most ${(httpFloor / 2).toFixed(0)} pairs/s)`,
    );
    // The CPU each settled bet or pair took, the app's process and its PostgreSQL backends together:
    // what the machine's speed moves less than the rates (the aggregator's client is not counted).
    const cpuEach = (load) => (load.cpu.app + load.cpu.db) / load.settled;
    const [closed, open] = [rows[1][1], rows[3][1]];
    console.log(
      `CPU a pair / CPU a settled bet: ${(cpuEach(closed) / cpuEach(rows[0][1])).toFixed(2)} closed loop, ${(cpuEach(open) / cpuEach(rows[2][1])).toFixed(2)} at ${betRate}/s (the aggregator's client took ${(closed.cpu.client / closed.settled).toFixed(2)} and ${(open.cpu.client / open.settled).toFixed(2)} ms a pair)`,
    );
    const mark = (ok) => (ok ? '✓' : '✗');
    const ratio = perSecond(rows[1][1]) / perSecond(rows[0][1]);
    console.log(
      `goal: bet+win pairs ≥ 50 % of the baseline's settled bets/s: ${mark(ratio >= 0.5)} (${(ratio * 100).toFixed(0)} %)`,
    );
    const gap = rows[3][1].p99 - rows[2][1].p99;
    console.log(
      `goal: pair p99 ≤ baseline p99 + 30 ms at ${betRate}/s: ${mark(gap <= 30)} (${rows[3][1].p99.toFixed(1)} vs ${rows[2][1].p99.toFixed(1)} ms)`,
    );
    console.log(
      `goal: ledger:check clean: ${mark(broken === 0)}${broken ? ` (${broken} broken)` : ''}`,
    );
  } finally {
    client?.close();
    await meter?.close();
    loader?.stop();
    await stopServers([server]);
  }
});
