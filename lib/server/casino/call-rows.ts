import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Alongside } from '@/lib/server/wallet/ledger';
import { byCodePoint } from '@/lib/server/wallet/ledger-accounts';

/*
 * A wallet call's own rows (its record, its round, its game record row) are written by set-based
 * statement parts: every call of one kind in a statement reads its input from one JSON parameter,
 * and the parts are the same text for one call or thirty. One call per part would make a batch's
 * statement grow by every call's parts: PostgreSQL then spent three times as long planning a
 * batch as running it (bench/README.md, `bench:casino`).
 */

/** The rows of one kind of call, written for every call of that kind in the statement at once. */
export type RowSet = {
  /** The prefix of its parts' names, unique in a statement. */
  name: string;
  /** Its inputs' columns and their types, `n int` first, as `json_to_recordset` reads them. */
  columns: SQL;
  /**
   * The parts, reading the calls' inputs from `inputs`: a set of rows, each with its place `n`
   * (`inputsOf` gives its columns their types). They may assume at most one call a player, so at
   * most one a round.
   */
  parts: (inputs: SQL) => SQL[];
  /** A JSON array of what each call's rows found, in the order of `n`. */
  value: SQL;
};

/** One call's rows: its set, its input to it, and what is done with what they found (may throw). */
export type CallRows = {
  set: RowSet;
  input: Record<string, unknown>;
  keep: (found: unknown) => void;
};

/**
 * The calls' inputs as rows of one JSON parameter. Their count is written into the statement:
 * `json_to_recordset` is estimated at 100 rows whatever it holds, and for 100 rows PostgreSQL
 * scanned the rounds tables whole rather than look each call's round up by its index. A call
 * alone keeps one text (`LIMIT 1`), so its statement stays prepared.
 */
function inputsOf(calls: CallRows[]): SQL {
  const rows = calls.map((c, n) => ({ ...c.input, n }));
  return sql`(SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(${calls[0]!.set.columns})
    LIMIT ${sql.raw(String(rows.length))})`;
}

/**
 * Several calls' rows as one statement's parts (see `postMany`'s `alongside`): a set's parts once
 * for all its calls, the sets in name order so that the same mix makes the same text. What each
 * call's rows found is handed to its `keep`; one that throws undoes the whole transaction.
 */
export function rowsOf(calls: CallRows[]): Alongside {
  const sets = [...new Set(calls.map((c) => c.set))].sort((a, b) => byCodePoint(a.name, b.name));
  const members = sets.map((set) => calls.filter((c) => c.set === set));
  return {
    parts: sets.flatMap((set, i) => set.parts(inputsOf(members[i]!))),
    value: sql`json_build_array(${sql.join(
      sets.map((set) => set.value),
      sql`, `,
    )})`,
    check: (value) => {
      const found = value as unknown[][];
      members.forEach((list, i) => list.forEach((c, n) => c.keep(found[i]![n])));
    },
  };
}
