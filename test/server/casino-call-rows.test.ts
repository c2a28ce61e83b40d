/**
 * The set-based statement parts of the casino's wallet calls (lib/server/casino/call-rows.ts):
 * each kind of call is written by one set of parts for every call of it, its inputs one JSON
 * parameter. Each call must get back what its own rows found, whatever order the calls came in,
 * and one call's statement must keep one text (so it stays prepared).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type CallRows, type RowSet } from '@/lib/server/casino/call-rows';
import { closeDb, getDb } from '@/lib/server/db';

afterAll(() => closeDb());

/** A kind of call whose rows echo what each call gave, with the place it was read at. */
const echo = (name: string): RowSet => ({
  name,
  columns: sql`n int, label text, amount numeric`,
  parts: (inputs) => [sql`${sql.raw(name)}_in AS ${inputs}`],
  value: sql`(SELECT json_agg(json_build_object('kind', ${name}::text, 'label', v.label,
    'amount', v.amount::text) ORDER BY v.n) FROM ${sql.raw(name)}_in v)`,
});
const bets = echo('bet');
const moves = echo('move');

/** A call of `set` whose `keep` records what its rows found under its label. */
function call(set: RowSet, label: string, amount: string, found: Map<string, unknown>): CallRows {
  return { set, input: { label, amount }, keep: (value) => found.set(label, value) };
}

async function write(calls: CallRows[]) {
  const { parts, value, check } = rowsOf(calls);
  const db = await getDb();
  const { rows } = (await db.execute(
    sql`WITH ${sql.join(parts, sql`, `)} SELECT ${value} AS value`,
  )) as { rows: Array<{ value: unknown }> };
  check(rows[0]!.value);
}

const textOf = (calls: CallRows[]) => {
  const { parts, value } = rowsOf(calls);
  return new PgDialect().sqlToQuery(sql`WITH ${sql.join(parts, sql`, `)} SELECT ${value}`);
};

describe('the casino calls’ set-based rows', () => {
  it('hands each call what its own rows found, whatever order the kinds came in', async () => {
    const found = new Map<string, unknown>();
    // Kinds interleaved, a move first: the parts go by kind, the answers back by call.
    const big = '123456789012345678901234567890';
    await write([
      call(moves, 'm0', '7', found),
      call(bets, 'b0', big, found),
      call(moves, 'm1', '0', found),
      call(bets, 'b1', '200000', found),
      call(moves, 'm2', '-5', found),
    ]);
    expect(Object.fromEntries(found)).toEqual({
      m0: { kind: 'move', label: 'm0', amount: '7' },
      b0: { kind: 'bet', label: 'b0', amount: big },
      m1: { kind: 'move', label: 'm1', amount: '0' },
      b1: { kind: 'bet', label: 'b1', amount: '200000' },
      m2: { kind: 'move', label: 'm2', amount: '-5' },
    });
  });

  it('writes one call in one text whatever it holds, and says how many calls a set holds', () => {
    const ignored = new Map<string, unknown>();
    const one = textOf([call(bets, 'a', '1', ignored)]);
    const other = textOf([call(bets, 'b', '2', ignored)]);
    expect(other.sql).toBe(one.sql);
    expect(other.params).not.toEqual(one.params);
    expect(one.sql).toContain('LIMIT 1)');

    const three = textOf([
      call(bets, 'a', '1', ignored),
      call(moves, 'b', '2', ignored),
      call(bets, 'c', '3', ignored),
    ]);
    // The kinds in name order, each with its own count: the same mix makes the same text.
    expect(three.sql.indexOf('bet_in')).toBeLessThan(three.sql.indexOf('move_in'));
    expect(three.sql).toContain('LIMIT 2)');
    expect(three.sql).toContain('LIMIT 1)');
    const reordered = textOf([
      call(moves, 'b', '2', ignored),
      call(bets, 'a', '1', ignored),
      call(bets, 'c', '3', ignored),
    ]);
    expect(reordered.sql).toBe(three.sql);
  });
});
