import 'server-only';
import { sql } from 'drizzle-orm';
import { gameProviders, games } from '@/lib/server/db/schema';

/*
 * Games search ranking. The database side — `search_normalize()` (lower + unaccent), the
 * `search_text` columns its trigger fills, and pg_trgm — is in migrations/0003_games.sql; a change
 * to what is matched here may need one there.
 */

/** How close a word must be to count as "the same word, one typo off" (pg_trgm word similarity). */
const TYPO_SIMILARITY = 0.4;
/** Below this length trigrams say nothing: short queries match by prefix and substring only. */
const FUZZY_MIN_LENGTH = 4;

/**
 * The query as a literal LIKE pattern, escaped *after* normalizing: unaccent folds full-width
 * `％ ＿ ＼` into `% _ \`, so escaping before would let them through as wildcards.
 */
function likeLiteral(search: string) {
  return sql`regexp_replace(search_normalize(${search}), '([\\\\%_])', '\\\\\\1', 'g')`;
}

/**
 * The search condition and rank (issue: search quality). Both sides go through search_normalize
 * (lower + unaccent) in the database; matches are: the whole name, a name prefix, a word prefix, a
 * substring, the provider's name, or — for 4+ characters — a word one typo away (trigrams).
 */
export function searchTerms(search: string) {
  const q = sql`search_normalize(${search})`;
  const lit = likeLiteral(search);
  const fuzzy = search.length >= FUZZY_MIN_LENGTH;
  const where = sql`(${games.searchText} LIKE '%' || ${lit} || '%'
    OR ${gameProviders.searchText} LIKE ${lit} || '%'
    OR (' ' || ${gameProviders.searchText}) LIKE '% ' || ${lit} || '%'
    ${fuzzy ? sql`OR word_similarity(${q}, ${games.searchText}) >= ${TYPO_SIMILARITY}` : sql``})`;
  const rank = sql`CASE
    WHEN ${games.searchText} = ${q} THEN 0
    WHEN ${games.searchText} LIKE ${lit} || '%' THEN 1
    WHEN (' ' || ${games.searchText}) LIKE '% ' || ${lit} || '%' THEN 2
    WHEN ${games.searchText} LIKE '%' || ${lit} || '%' THEN 3
    WHEN (' ' || ${gameProviders.searchText}) LIKE '% ' || ${lit} || '%' THEN 4
    ELSE 5 END`;
  return { where, rank, similarity: sql`word_similarity(${q}, ${games.searchText})` };
}
