import 'server-only';

/**
 * Minimum and network fee per currency, as decimal strings in the currency (what the withdraw form
 * shows). The fee is held with the amount and kept by the house when the payout goes out.
 */
const rules: Record<string, { min: string; fee: string }> = {
  BTC: { min: '0.0005', fee: '0.0001' },
  ETH: { min: '0.005', fee: '0.0008' },
  USDT: { min: '10', fee: '1' },
  USDC: { min: '10', fee: '1' },
  BNB: { min: '0.02', fee: '0.0005' },
  SOL: { min: '0.1', fee: '0.01' },
  TRX: { min: '20', fee: '1' },
  POL: { min: '10', fee: '0.1' },
  LINK: { min: '1', fee: '0.2' },
  SHIB: { min: '500000', fee: '50000' },
};

export function withdrawalRule(currency: string): { min: string; fee: string } | undefined {
  return rules[currency];
}
