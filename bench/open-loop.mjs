/**
 * How long an open loop runs at its rate before it counts. The first bets (or pairs) after a
 * lull were slower in every run, with the database vacuumed before or not (14–20 ms where the
 * phase's median was 9; a whole slow second in some runs): what the bench measures is the rate
 * held, so both sides of a comparison skip the same start, as wrk2 calibrates before it records.
 */
export const LEAD_IN_MS = 1000;

/**
 * One measured phase of `clients` clients, each playing its plays 0, 1, 2 … in turn — written
 * once for the ledger's loader (bench/wallet-load.mts) and the casino's aggregator
 * (bench/casino.mjs), so that both sides of the casino's comparison are timed alike.
 *
 * `rate` 0: a closed loop, each client plays again as soon as its last play is answered (what the
 * server can settle). `rate` > 0: an open loop, the clients together play `rate` times a second,
 * each at its own fixed times whatever the answers do, and a play's latency counts from when it
 * was due, so a slow answer also delays the figures of the plays queued behind it (coordinated
 * omission, as wrk2 counts it); the plays of its lead-in are played and not counted.
 *
 * `play(client, i, counted)` resolves once play `i` of `client` is answered and throws for one
 * refused. Answers what was counted, and `started` (performance.now()) where counting began.
 *
 * @param {number} clients
 * @param {number} rate
 * @param {number} seconds
 * @param {(client: number, i: number, counted: boolean) => Promise<unknown>} play
 */
export async function measurePhase(clients, rate, seconds, play) {
  let settled = 0;
  let refused = 0;
  /** @type {number[]} */
  const latencies = [];
  const begun = performance.now();
  const started = begun + (rate > 0 ? LEAD_IN_MS : 0);
  const until = started + seconds * 1000;
  const every = rate > 0 ? (clients * 1000) / rate : 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const offset = (client * every) / clients;
      for (let i = 0; ; i += 1) {
        const due = rate > 0 ? begun + offset + i * every : performance.now();
        if (due >= until) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const counted = due >= started;
        try {
          await play(client, i, counted);
          if (counted) settled += 1;
        } catch {
          if (counted) refused += 1;
        }
        if (counted) latencies.push(performance.now() - due);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  /** @param {number} q */
  const pct = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { settled, refused, seconds: elapsed, p50: pct(0.5), p99: pct(0.99), started };
}
