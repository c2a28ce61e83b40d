/**
 * `npm run ledger:check` names each rule a broken ledger breaks: every rule is broken once here,
 * by hand, with the guards that would stop it taken down (this file's database is its own).
 */
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { fund } from './helpers/wallet';

afterAll(() => closeDb());

const RULES = [
  'every transaction sums to zero in each currency',
  "every account's balance is the sum of its entries",
  'no player account is below zero but a receivable, and no receivable above it',
  "every entry is in its account's currency",
  'every transaction has entries, or is marked empty and has none',
  'every account is in a currency of the Cryptos list',
  "every player's stake balance is what their open rounds staked",
  'every house slot is named after its house account',
  "the ledger's and the operator audit's append-only guards are in place and enabled",
];

it('names every broken rule, and the rows that break it', async () => {
  const userId = (await createPlayer({ email: 'check@example.com', status: 'active' })).id;
  await fund(userId, 'USDT', BigInt(1_000));
  expect(await checkLedger()).toEqual([]);

  const { sql } = await getDbHandle();
  const one = async (text: string, values: unknown[] = []) =>
    String((await sql(text, values)).rows[0]?.id);
  const account = (currency: string, kind: string, balance = 0) =>
    one(
      `INSERT INTO ledger_accounts (owner, user_id, currency, kind, balance)
        VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [`player:${userId}`, userId, currency, kind, balance],
    );
  const transaction = (key: string) =>
    one(
      `INSERT INTO ledger_transactions (type, scope, key, request_hash, user_id)
        VALUES ('deposit', 'check', $1, 'hash', $2) RETURNING id`,
      [key, userId],
    );
  const entry = (tx: string, accountId: string, currency: string, amount: number) =>
    sql(
      `INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
        VALUES ($1, $2, $3, $4)`,
      [tx, accountId, currency, amount],
    );
  const available = await one(
    `SELECT id FROM ledger_accounts WHERE user_id = $1 AND currency = 'USDT' AND kind = 'available'`,
    [userId],
  );

  // One sided: 1 into the player's balance from nowhere (the balance follows, so only the sum breaks).
  const lopsided = await transaction('lopsided');
  await entry(lopsided, available, 'USDT', 1);
  await sql(`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1`, [available]);
  // A balance nothing explains.
  const bonus = await account('USDT', 'bonus', 5);
  // Below zero where only a receivable may be.
  await sql('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_player_non_negative');
  const negative = await account('USDT', 'stake');
  const moved = await transaction('negative');
  await entry(moved, negative, 'USDT', -3);
  await entry(moved, available, 'USDT', 3);
  await sql(`UPDATE ledger_accounts SET balance = balance - 3 WHERE id = $1`, [negative]);
  await sql(`UPDATE ledger_accounts SET balance = balance + 3 WHERE id = $1`, [available]);
  // An entry in another currency than its account's (each currency still sums to zero).
  const eth = await account('ETH', 'available', 2);
  const crossed = await transaction('crossed');
  await entry(crossed, eth, 'USDT', 2);
  await entry(crossed, available, 'USDT', -2);
  await sql(`UPDATE ledger_accounts SET balance = balance - 2 WHERE id = $1`, [available]);
  // A posting with no entries that is not marked empty.
  const hollow = await transaction('hollow');
  // A currency outside the Cryptos list, and a house slot under another house's name.
  const stray = await one(
    `INSERT INTO ledger_accounts (owner, house, currency, kind) VALUES ('house:game', 'game', 'ZZZ', 'available') RETURNING id`,
  );
  const misnamed = await one(
    `INSERT INTO ledger_accounts (owner, house, currency, kind) VALUES ('house:casino/1', 'sportsbook', 'USDT', 'available') RETURNING id`,
  );
  // An open round whose stake was never held (the stake above is held for no round at all).
  await sql(
    `INSERT INTO game_rounds (product, game, round_id, user_id, currency, stake, state)
      VALUES ('originals', 'mines', 'unheld', $1, 'ETH', 7, 'open')`,
    [userId],
  );
  await sql('ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only');

  const found = await checkLedger();
  expect([...new Set(found.map((v) => v.rule))]).toEqual(RULES);
  const details = (rule: number) =>
    found.filter((v) => v.rule === RULES[rule]).map((v) => v.detail);
  expect(details(0)).toEqual([`${lopsided} USDT 1`]);
  expect(details(1)).toEqual([`${bonus} balance 5 entries 0`]);
  expect(details(2)).toEqual([`${negative} stake -3`]);
  expect(details(3)).toHaveLength(1);
  expect(details(4)).toEqual([hollow]);
  expect(details(5)).toEqual([`${stray} ZZZ`]);
  expect(details(6).sort()).toEqual(
    [`${userId} ETH stake 0 open rounds 7`, `${userId} USDT stake -3 open rounds 0`].sort(),
  );
  expect(details(7)).toEqual([`${misnamed} house:casino/1`]);
  expect(details(8)).toEqual(['ledger_transactions_append_only']);
});
