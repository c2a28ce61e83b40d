/*
 * What the race tests share. They open their own PostgreSQL database before importing the
 * platform's modules, so everything here imports them when first called, never at load.
 */

/** What a request racing others ended in: 'ok', the platform error's code, or the error's text. */
export async function outcomeOf(promise: Promise<unknown>): Promise<string> {
  const { ApiError } = await import('@/lib/server/http/api-error');
  return promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );
}

/** New active players, each funded with `units` of USDT's minor units, named `<label><n>`. */
export function usdtPlayers(label: string) {
  let n = 0;
  return async (units: bigint) => {
    const { createPlayer } = await import('@/lib/server/players/store');
    const { fund } = await import('./wallet');
    const player = await createPlayer({
      email: `${label}${(n += 1)}@example.com`,
      status: 'active',
    });
    await fund(player.id, 'USDT', units);
    return player;
  };
}

/** Rows of a statement on the platform's database (imported when first called, as above). */
export async function sqlRows(text: string, params: unknown[] = []) {
  const { getDbHandle } = await import('@/lib/server/db');
  return (await (await getDbHandle()).sql(text, params)).rows;
}

/** A player's balance of one kind in one currency, in minor units (0 for an account not made yet). */
export async function balanceOf(userId: string, kind: string, currency = 'USDT'): Promise<bigint> {
  const [row] = await sqlRows(
    `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND kind = $2 AND currency = $3`,
    [`player:${userId}`, kind, currency],
  );
  return BigInt(String(row?.b ?? '0'));
}
