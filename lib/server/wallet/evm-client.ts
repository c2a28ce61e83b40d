import 'server-only';
import { createPublicClient, http, TransactionReceiptNotFoundError, type PublicClient } from 'viem';
import type { EvmChain } from './chains';

const clients = new Map<string, PublicClient>();

/** One JSON-RPC client per endpoint, with no cached block number: each pass sees the head as it is. */
export function evmClient(chain: EvmChain): PublicClient {
  let client = clients.get(chain.rpcUrl);
  if (!client) {
    client = createPublicClient({
      cacheTime: 0,
      transport: http(chain.rpcUrl, { retryCount: 1, timeout: 10_000 }),
    });
    clients.set(chain.rpcUrl, client);
  }
  return client;
}

/** A transaction's receipt, or null while the chain has none. */
export async function receiptOf(client: PublicClient, hash: `0x${string}`) {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}
