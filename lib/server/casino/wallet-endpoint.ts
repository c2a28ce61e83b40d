import 'server-only';
import { config } from '@/lib/config';
import type { WalletEndpoint } from '@/lib/serve/casino-wallet';
import { SIGNATURE_HEADER } from './hub88/signature';
import { MAX_BODY, hub88Answer, isHub88Operation } from './hub88/wallet-api';

/**
 * The configured aggregator's wallet endpoint, as server.ts answers it ahead of Next
 * (lib/serve/casino-wallet.ts); null when none is configured. A second aggregator adds its
 * adapter's operations here, under its own id in the path.
 */
export function walletEndpoint(): WalletEndpoint | null {
  if (config.GAMES_AGGREGATOR !== 'hub88') return null;
  return {
    maxBody: MAX_BODY,
    route: (provider, op) =>
      provider === 'hub88' && isHub88Operation(op)
        ? async (raw, header) =>
            JSON.stringify(await hub88Answer(op, raw, header(SIGNATURE_HEADER)))
        : null,
  };
}
