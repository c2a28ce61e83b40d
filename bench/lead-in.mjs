/**
 * How long an open loop runs at its rate before it counts. The first bets (or pairs) after a
 * lull were slower in every run, with the database vacuumed before or not (14–20 ms where the phase's
 * median was 9; a whole slow second in some runs): what the bench measures is the rate held, so
 * both sides of a comparison skip the same start, as wrk2 calibrates before it records.
 */
export const LEAD_IN_MS = 1000;
