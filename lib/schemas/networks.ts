import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, bech32m } from '@scure/base';
import { isAddress } from 'viem';

/**
 * The networks the wallet pays out on and saves addresses for, each with the currencies it
 * carries and the rule its addresses follow. Shared by the card book's form and the platform.
 */
export const networks = {
  ethereum: {
    kind: 'evm',
    label: 'Ethereum (ERC-20)',
    mainnet: 'Ethereum',
    currencies: ['ETH', 'USDT', 'USDC', 'LINK', 'SHIB'],
  },
  bsc: {
    kind: 'evm',
    label: 'BNB Smart Chain (BEP-20)',
    mainnet: 'BNB Smart Chain',
    currencies: ['BNB', 'USDT', 'USDC'],
  },
  polygon: {
    kind: 'evm',
    label: 'Polygon (PoS)',
    mainnet: 'Polygon',
    currencies: ['POL', 'USDT', 'USDC'],
  },
  bitcoin: { kind: 'bitcoin', label: 'Bitcoin', mainnet: 'Bitcoin', currencies: ['BTC'] },
  tron: { kind: 'tron', label: 'TRON (TRC-20)', mainnet: 'TRON', currencies: ['TRX', 'USDT'] },
  solana: {
    kind: 'solana',
    label: 'Solana (SPL)',
    mainnet: 'Solana',
    currencies: ['SOL', 'USDC', 'USDT'],
  },
} as const;
export type Network = keyof typeof networks;
export const networkIds = Object.keys(networks) as [Network, ...Network[]];

/** base58 with a 4-byte double-SHA-256 checksum (Bitcoin legacy, TRON): the payload, or null. */
function base58check(value: string): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(value);
  } catch {
    return null;
  }
  if (bytes.length < 5) return null;
  const payload = bytes.slice(0, -4);
  const check = sha256(sha256(payload)).slice(0, 4);
  return check.every((b, i) => b === bytes[bytes.length - 4 + i]) ? payload : null;
}

/** A native SegWit (bc1q…, bech32) or Taproot (bc1p…, bech32m) mainnet address. */
function segwit(value: string): boolean {
  const lower = value.toLowerCase();
  if (value !== lower && value !== value.toUpperCase()) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`);
      const version = words[0];
      if (prefix !== 'bc' || version === undefined) continue;
      // v0 is bech32, v1+ bech32m (BIP 350).
      if ((version === 0) !== (codec === bech32)) continue;
      const program = codec.fromWords(words.slice(1));
      if (version === 0 ? program.length === 20 || program.length === 32 : program.length === 32) {
        return true;
      }
    } catch {
      // not this encoding
    }
  }
  return false;
}

const rules: Record<(typeof networks)[Network]['kind'], (value: string) => boolean> = {
  // A mixed-case address must carry a valid EIP-55 checksum; one case throughout has none to check.
  evm: (value) => isAddress(value, { strict: true }),
  bitcoin: (value) => {
    if (/^bc1/i.test(value)) return segwit(value);
    const payload = base58check(value);
    return (
      payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05)
    );
  },
  tron: (value) => {
    const payload = base58check(value);
    return payload !== null && payload.length === 21 && payload[0] === 0x41;
  },
  solana: (value) => {
    try {
      return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value) && base58.decode(value).length === 32;
    } catch {
      return false;
    }
  },
};

/** Whether `address` is well formed on `network` (its checksum included where it has one). */
export function isValidAddress(network: Network, address: string): boolean {
  return address.length <= 128 && rules[networks[network].kind](address);
}

export function carries(network: Network, currency: string): boolean {
  return (networks[network].currencies as readonly string[]).includes(currency);
}
