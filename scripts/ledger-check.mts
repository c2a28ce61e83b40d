/**
 * `npm run ledger:check`: every ledger invariant over the whole database (DATABASE_URL, or the
 * embedded one under PGLITE_DATA_DIR / .data). Exits 1 and lists what is broken, if anything is.
 * With `-- --chain`, each hot wallet's mined transactions are walked too (nonce 0…n) and matched
 * to the payouts they paid or cancelled; its balances are printed for information.
 */
import { closeDb } from '@/lib/server/db';
import { checkChains } from '@/lib/server/wallet/chain-check';
import { checkLedger } from '@/lib/server/wallet/ledger-check';

const violations = await checkLedger();
const chain = process.argv.includes('--chain') ? await checkChains() : null;
await closeDb();
if (violations.length === 0) {
  console.log('ledger: every invariant holds');
} else {
  for (const v of violations) console.error(`ledger: ${v.rule}: ${v.detail}`);
  process.exitCode = 1;
}
if (chain) {
  for (const line of chain.balances) console.log(`chain: balance ${line}`);
  if (chain.mismatches.length === 0)
    console.log('chain: every mined payout matches one withdrawal');
  for (const m of chain.mismatches) console.error(`chain: ${m.rule}: ${m.detail}`);
  if (chain.mismatches.length) process.exitCode = 1;
}
