import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import {
  depositAddressSchema,
  depositSchema,
  type Deposit,
  type DepositAddress,
  type DepositOption,
} from '@/lib/schemas/wallet';
import { carries, type Network } from '@/lib/schemas/networks';
import { getDb, getDbHandle } from '@/lib/server/db';
import { chainCursors, depositAddresses, deposits } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { formatMinor, ledgerPrecision } from './amounts';
import { evmChain, isEvmNetwork, watchedChains } from './chains';
import { depositMinimum } from './currency-rules';
import { explorerTxUrl, isTestChain } from './explorers';
import { custodian, custodianAddress, custodianDeposits } from './custodian';
import { depositKey, evmAddressAt } from './deposit-keys';
import { solanaPayment } from './solana';
import { assertCanDeposit } from '@/lib/server/protection/guard';
import { currentRates } from './rates';

const usdValue = async (currency: string, amount: string) =>
  Number(amount) * ((await currentRates()).rates[currency]?.USD ?? 0);

/** Every currency on every network deposits are taken on now: the watched EVM chains, the custodian's. */
export async function depositOptions(): Promise<DepositOption[]> {
  const provider = custodian();
  const custodied = (provider?.serves ?? []).flatMap(({ currency, network }) => {
    const minimum = depositMinimum(currency);
    // The custodian confirms on its side: it calls back once the payment is final.
    return minimum
      ? [
          {
            currency,
            network,
            minimum,
            confirmations: 1,
            chainId: null,
            ...solanaPayment(currency, network),
          },
        ]
      : [];
  });
  // The chain ids the watcher read from each node (a wallet must send on the same chain).
  const db = await getDb();
  const cursors = await db
    .select({ network: chainCursors.network, chainId: chainCursors.chainId })
    .from(chainCursors);
  const chainIds = new Map(cursors.map((c) => [c.network, c.chainId]));
  return [...watchedOptions(chainIds), ...custodied];
}

function watchedOptions(chainIds: Map<string, number>): DepositOption[] {
  return watchedChains().flatMap((chain) =>
    [
      { currency: chain.native.currency, contract: null, decimals: chain.native.decimals },
      ...chain.tokens,
    ].flatMap((token) => {
      const minimum = depositMinimum(token.currency);
      if (!minimum) return [];
      return [
        {
          currency: token.currency,
          network: chain.network,
          minimum,
          confirmations: chain.confirmations,
          contract: token.contract,
          decimals: token.decimals,
          chainId: chainIds.get(chain.network) ?? null,
          // The wallet reads the chain itself: the site names no RPC for EVM.
          rpcUrl: null,
          ...(isTestChain(chain.network) ? { testChain: true as const } : {}),
        },
      ];
    }),
  );
}

/**
 * The player's EVM deposit address (one for every EVM chain): made on first ask as the child of the
 * deposit key at the sequence's next index; a second ask, or a parallel one, reads the same row.
 */
export async function evmDepositAddress(userId: string): Promise<string> {
  const { id: keyId, key } = await depositKey();
  const db = await getDb();
  const mine = and(
    eq(depositAddresses.userId, userId),
    eq(depositAddresses.family, 'evm'),
    eq(depositAddresses.keyId, keyId),
  );
  const [existing] = await db.select().from(depositAddresses).where(mine);
  if (existing) return existing.address;
  const handle = await getDbHandle();
  const { rows } = await handle.sql(`SELECT nextval('deposit_address_index')::text AS index`, []);
  const index = Number(rows[0]?.index);
  await db
    .insert(depositAddresses)
    .values({
      userId,
      family: 'evm',
      keyId,
      derivationIndex: index,
      address: evmAddressAt(key, index),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(depositAddresses).where(mine);
  return row!.address;
}

/**
 * Deposit address for one currency on one network, with what the deposit tab tells the player.
 * Crypto sent to a known address arrives whatever the site says, so a deposit limit is kept by not
 * handing the address out once it is reached — or when `amount` (a wallet payment about to be
 * sent) would pass it — and during a break.
 */
export async function depositAddress(
  userId: string,
  currency: string,
  network: Network,
  amount?: string,
): Promise<DepositAddress> {
  await assertCanDeposit(userId, amount ? await usdValue(currency, amount) : 0);
  const option = (await depositOptions()).find(
    (o) => o.currency === currency && o.network === network,
  );
  if (!option) {
    // A currency the network never carries is the client's mistake; a network not served here is not.
    if (!carries(network, currency)) throw new ApiError('VALIDATION_ERROR', 'currency');
    throw new ApiError('DEPOSITS_UNAVAILABLE');
  }
  const provider = custodian();
  const address =
    isEvmNetwork(network) && evmChain(network)
      ? await evmDepositAddress(userId)
      : await custodianAddress(provider!, userId, currency, network);
  return depositAddressSchema.parse({ ...option, address });
}

/** The player's deposits on chain and through the custodian, newest first (the last 100), pending ones with their confirmations. */
export async function listDeposits(userId: string): Promise<Deposit[]> {
  const db = await getDb();
  const [rows, held] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.createdAt))
      .limit(100),
    custodianDeposits(userId),
  ]);
  if (!rows.length) return held;
  const [decimals, heads] = await Promise.all([ledgerPrecision(), db.select().from(chainCursors)]);
  const head = new Map(heads.map((c) => [c.network, c.headBlock]));
  const watched = rows.map((row) => {
    const required = isEvmNetwork(row.network) ? (evmChain(row.network)?.confirmations ?? 1) : 1;
    const top = head.get(row.network) ?? row.blockNumber;
    const seen = top >= row.blockNumber ? Number(top - row.blockNumber + BigInt(1)) : 0;
    return depositSchema.parse({
      ...row,
      explorerUrl: explorerTxUrl(row.network, row.txHash),
      amount: formatMinor(row.amount, decimals.get(row.currency) ?? 8),
      confirmations: row.status === 'pending' ? Math.min(seen, required) : required,
      confirmationsRequired: required,
      createdAt: row.createdAt.toISOString(),
    });
  });
  // Newest first across both sources (ISO times of one zone compare as strings).
  return [...watched, ...held]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, 100);
}
