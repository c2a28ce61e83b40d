import 'server-only';
import type { WithdrawalOption } from '@/lib/schemas/wallet';
import { networkIds, networks } from '@/lib/schemas/networks';

/**
 * Per currency, as decimal strings in the currency (what the wallet modal shows): the smallest
 * deposit that is credited, and the withdrawal minimum and network fee. The fee is held with the
 * amount and kept by the house when the payout goes out.
 */
const rules: Record<string, { depositMin: string; min: string; fee: string }> = {
  BTC: { depositMin: '0.0001', min: '0.0005', fee: '0.0001' },
  ETH: { depositMin: '0.001', min: '0.005', fee: '0.0008' },
  USDT: { depositMin: '1', min: '10', fee: '1' },
  USDC: { depositMin: '1', min: '10', fee: '1' },
  BNB: { depositMin: '0.005', min: '0.02', fee: '0.0005' },
  SOL: { depositMin: '0.01', min: '0.1', fee: '0.01' },
  TRX: { depositMin: '5', min: '20', fee: '1' },
  POL: { depositMin: '1', min: '10', fee: '0.1' },
  LINK: { depositMin: '0.1', min: '1', fee: '0.2' },
  SHIB: { depositMin: '100000', min: '500000', fee: '50000' },
};

export function withdrawalRule(currency: string): { min: string; fee: string } | undefined {
  return rules[currency];
}

/** The smallest deposit credited; a smaller one is recorded and shown, never credited. */
export function depositMinimum(currency: string): string | undefined {
  return rules[currency]?.depositMin;
}

/**
 * Every currency on every network a withdrawal could go to, with its minimum and fee; what is
 * offered is the part something configured pays (`withdrawalOptions` in `payable.ts`).
 */
export function withdrawalPairs(): WithdrawalOption[] {
  return networkIds.flatMap((network) =>
    networks[network].currencies.flatMap((currency) => {
      const rule = rules[currency];
      return rule ? [{ currency, network, minimum: rule.min, fee: rule.fee }] : [];
    }),
  );
}
