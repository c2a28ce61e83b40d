/**
 * `npm run ledger:check`: every ledger invariant over the whole database (DATABASE_URL, or the
 * embedded one under PGLITE_DATA_DIR / .data). Exits 1 and lists what is broken, if anything is.
 */
import { closeDb } from '@/lib/server/db';
import { checkLedger } from '@/lib/server/wallet/ledger-check';

const violations = await checkLedger();
await closeDb();
if (violations.length === 0) {
  console.log('ledger: every invariant holds');
} else {
  for (const v of violations) console.error(`ledger: ${v.rule}: ${v.detail}`);
  process.exitCode = 1;
}
