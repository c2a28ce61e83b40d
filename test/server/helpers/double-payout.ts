import { keccak256, parseTransaction, type Hex, type PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { getDbHandle } from '@/lib/server/db';

/**
 * A double payout, for the reconciliation to find: a paid withdrawal's transfer (`raw`) signed
 * again by the hot wallet at its next nonce, stored as a second attempt of that withdrawal, and
 * broadcast. The caller mines it.
 */
export async function seedDoublePayout(
  client: PublicClient,
  signer: PrivateKeyAccount,
  withdrawalId: string,
  raw: Hex,
): Promise<void> {
  const { sql } = await getDbHandle();
  const t = parseTransaction(raw);
  const nonce = await client.getTransactionCount({ address: signer.address });
  const again = await signer.signTransaction({
    type: 'eip1559',
    chainId: t.chainId!,
    nonce,
    gas: t.gas!,
    maxFeePerGas: t.maxFeePerGas!,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas!,
    to: t.to!,
    value: t.value!,
    data: t.data,
  });
  const { rows } = await sql(
    `INSERT INTO payouts (withdrawal_id, attempt, network, chain_id, signer, nonce, status)
     VALUES ($1, 2, 'ethereum', $2, $3, $4, 'failed') RETURNING id`,
    [withdrawalId, t.chainId, signer.address, nonce],
  );
  await sql(
    `INSERT INTO payout_transactions (payout_id, kind, raw_transaction, tx_hash, status)
     VALUES ($1, 'transfer', $2, $3, 'sent')`,
    [rows[0]!.id, again, keccak256(again)],
  );
  await client.sendRawTransaction({ serializedTransaction: again });
}
