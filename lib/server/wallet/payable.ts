import 'server-only';
import { encodeFunctionData, erc20Abi, getAddress, isHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { config } from '@/lib/config';
import type { WithdrawalOption } from '@/lib/schemas/wallet';
import { ledgerPrecision } from './amounts';
import { evmChain, isEvmNetwork, type EvmChain } from './chains';
import { withdrawalPairs } from './currency-rules';
import { custodian } from './custodian';
import { isTestChain } from './explorers';

/** The hot wallet that signs payouts, when the operator configured one. */
export function hotWallet(): PrivateKeyAccount | null {
  const key = config.WITHDRAWAL_SIGNER_KEY;
  return key && isHex(key) ? privateKeyToAccount(key) : null;
}

export type TransferPlan = {
  token: Address | null;
  units: bigint;
  request: { to: Address; value: bigint; data: Hex | undefined };
};

/**
 * How a withdrawal goes out on an EVM chain: the native coin's value, or a token's transfer call.
 * Null when the hot wallet cannot pay it exactly (a currency the chain does not carry here, or a
 * token with fewer decimals than the ledger keeps).
 */
export function transferOf(
  chain: EvmChain,
  w: { currency: string; amount: bigint; address: string },
  ledgerDecimals: number,
): TransferPlan | null {
  const token = chain.tokens.find((t) => t.currency === w.currency);
  if (!token && w.currency !== chain.native.currency) return null;
  const onChain = token ? token.decimals : chain.native.decimals;
  if (onChain < ledgerDecimals) return null;
  const units = w.amount * BigInt(10) ** BigInt(onChain - ledgerDecimals);
  const to = getAddress(w.address.toLowerCase());
  return token
    ? {
        token: token.contract,
        units,
        request: {
          to: token.contract,
          value: BigInt(0),
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] }),
        },
      }
    : { token: null, units, request: { to, value: units, data: undefined } };
}

/**
 * Whether something configured pays this currency on this network: the custodian serving the
 * pair, or the hot wallet on a watched EVM chain that carries the currency (review B2). A
 * withdrawal nothing pays is refused when asked for, never held for good.
 */
export async function payable(
  currency: string,
  network: string,
  precision?: Map<string, number>,
): Promise<boolean> {
  const provider = custodian();
  if (provider?.serves.some((s) => s.network === network)) {
    return provider.serves.some((s) => s.network === network && s.currency === currency);
  }
  if (!isEvmNetwork(network) || !hotWallet()) return false;
  const chain = evmChain(network);
  if (!chain) return false;
  const decimals = (precision ?? (await ledgerPrecision())).get(currency);
  if (decimals === undefined) return false;
  // Any well-formed address: only the chain's way of paying the currency is asked.
  const probe = {
    currency,
    amount: BigInt(1),
    address: '0x0000000000000000000000000000000000000001',
  };
  return transferOf(chain, probe, decimals) !== null;
}

/** The withdrawal tab's pairs: every currency and network with a rule that something pays. */
export async function withdrawalOptions(): Promise<WithdrawalOption[]> {
  const pairs = withdrawalPairs();
  // The Cryptos list read once for every pair, not once per pair.
  const precision = await ledgerPrecision();
  const paid = await Promise.all(pairs.map((p) => payable(p.currency, p.network, precision)));
  return pairs
    .filter((_, i) => paid[i])
    .map((p) => (isTestChain(p.network) ? { ...p, testChain: true as const } : p));
}
