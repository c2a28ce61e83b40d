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
