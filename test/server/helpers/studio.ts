import type { KeyObject } from 'node:crypto';
import { config } from '@/lib/config';
import { POST as walletRoute } from '@/app/api/v1/casino/hub88/[...op]/route';
import type { EngineName } from '@/studio/games/engines';
import type { WalletAnswer } from '@/studio/protocol';
import { Studio } from '@/studio/studio';
import { sqlRows } from './races';

/**
 * A demo studio whose Wallet API calls reach the platform's own route, as the HTTP server would
 * hand them over: the signed bytes, the signature header.
 */
export function studioOnPlatform(
  privateKey: KeyObject,
  engineOf: (code: string) => EngineName | null,
): Studio {
  return new Studio({
    privateKey,
    engineOf,
    send: async (op, bytes, signature) => {
      const response = await walletRoute(
        new Request(`http://localhost/api/v1/casino/hub88/${op}`, {
          method: 'POST',
          body: bytes,
          headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
        }),
        { params: Promise.resolve({ op: op.split('/') }) },
      );
      return (await response.json()) as WalletAnswer;
    },
  });
}

/** A player's available USDT, in ledger units. */
export async function availableUsdt(userId: string): Promise<bigint> {
  const [row] = await sqlRows(
    `SELECT balance FROM ledger_accounts WHERE user_id = $1 AND currency = 'USDT' AND kind = 'available'`,
    [userId],
  );
  return BigInt(String(row!.balance));
}

/**
 * Configures the platform for the studio as its Hub88 aggregator at `url` (its public key the
 * studio's); answers the function that puts the configuration back.
 */
export function studioAsAggregator(url: string, publicPem: string): () => void {
  const mutable = config as Record<string, unknown>;
  const set: Record<string, unknown> = {
    GAMES_AGGREGATOR: 'hub88',
    GAMES_AGGREGATOR_URL: url,
    HUB88_OPERATOR_ID: 1,
    HUB88_PUBLIC_KEY: publicPem,
  };
  const saved = Object.keys(set).map((key) => [key, mutable[key]] as const);
  Object.assign(mutable, set);
  return () => {
    for (const [key, value] of saved) mutable[key] = value;
  };
}
