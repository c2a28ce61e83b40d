import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * PostgreSQL plans an unnamed statement again on every call: for the ledger's posting statements
 * that was half their time on the server (pg_stat_statements under `npm run bench:sportsbook`:
 * 0.45 of the claim's 0.74 ms). A statement the process keeps sending is given a name, so each
 * connection parses it once and PostgreSQL may keep its plan (as postgres.js and pgx do for every
 * statement). Only statements with parameters: those already go through the extended protocol, so
 * nothing changes for a script of several statements sent without any.
 */
export type StatementCacheOptions = {
  /** Sightings before a text is named: a one-off statement is never kept by the server. */
  after?: number;
  /**
   * Names handed out at most; each connection keeps the plans of those it has used in PostgreSQL's
   * memory, so this bounds what a process can hold there (the API sends far fewer hot texts).
   */
  capacity?: number;
  /** Texts counted at most before the count starts over (statements never repeated fall out). */
  window?: number;
};

/** Set while statements are built for one occasion only (below). */
const oneOff = new AsyncLocalStorage<true>();

/**
 * Runs `work` with none of its statements named: texts that are seldom sent twice the same (a
 * batch's statements, shaped by how many calls of which kind it holds) would otherwise use up the
 * names the process's hot statements need.
 */
export const withOneOffStatements = <T>(work: () => Promise<T>): Promise<T> =>
  oneOff.run(true, work);

type Config = { text: string; values?: unknown[]; name?: string; submit?: unknown };

export type StatementCache = {
  /** The query's config with a name when its text has earned one; anything else as it came. */
  name: (config: unknown, values?: unknown) => unknown;
  /** Never names `text` again (a plan PostgreSQL could no longer use, below). */
  refuse: (text: string) => void;
  size: () => number;
};

/** PostgreSQL's answer when a table under a named statement changed the shape of its rows. */
const PLAN_CHANGED = '0A000';

const isPlainQuery = (config: unknown): config is Config =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as Config).text === 'string' &&
  (config as Config).name === undefined &&
  (config as Config).submit === undefined;

export function createStatementCache({
  after = 3,
  capacity = 256,
  window = 10_000,
}: StatementCacheOptions = {}): StatementCache {
  const names = new Map<string, string>();
  const refused = new Set<string>();
  // Never reused: a connection may still hold a refused text under its old name.
  let handedOut = 0;
  let seen = new Map<string, number>();

  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || handedOut >= capacity || refused.has(text)) return known;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < after) {
      if (seen.size >= window) seen = new Map();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    handedOut += 1;
    const name = `s${handedOut}`;
    names.set(text, name);
    return name;
  };

  return {
    name(config, values) {
      if (oneOff.getStore()) return config;
      if (typeof config === 'string') {
        if (!Array.isArray(values) || values.length === 0) return config;
        const name = nameFor(config);
        return name ? { name, text: config, values } : config;
      }
      if (!isPlainQuery(config)) return config;
      const params = config.values ?? values;
      if (!Array.isArray(params) || params.length === 0) return config;
      const name = nameFor(config.text);
      return name ? { ...config, name } : config;
    },
    refuse(text) {
      names.delete(text);
      refused.add(text);
    },
    size: () => names.size,
  };
}

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Routes every query of `client` (a pg Client, as the pool hands it out on 'connect') through the
 * cache, in both of pg's forms (a promise, or a callback last: how the pool's own query calls). A
 * named statement whose tables changed under it (a migration by another server while this one
 * runs) fails once with PLAN_CHANGED: its text is then sent unnamed, as before.
 */
export function nameStatements(client: Queryable, cache: StatementCache): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const named = cache.name(config, rest[0]);
    if (named === config) return query(config, ...rest);
    const { text } = named as Config;
    const heard = (error: unknown) => {
      if ((error as { code?: string } | null)?.code === PLAN_CHANGED) cache.refuse(text);
    };
    const last = rest.at(-1);
    if (typeof last === 'function') {
      const callback = (error: unknown, result: unknown) => {
        heard(error);
        last(error, result);
      };
      return query(named, ...rest.slice(0, -1), callback);
    }
    const result = query(named, ...rest);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      heard(error);
      throw error;
    });
  }) as Queryable['query'];
}
