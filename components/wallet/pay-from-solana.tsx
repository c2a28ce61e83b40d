'use client';

import { WalletError, WalletNotReadyError, WalletReadyState } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter, PhantomWalletName } from '@solana/wallet-adapter-phantom';
import {
  ConnectionProvider,
  useConnection,
  useWallet,
  WalletProvider,
} from '@solana/wallet-adapter-react';
import { PublicKey } from '@solana/web3.js';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { parseUnits } from 'viem';
import type { DepositAddress } from '@/lib/schemas/wallet';
import { solanaTransfer } from '@/lib/wallet/solana-transfer';
import { PayForm } from './pay-form';

type SolanaDeposit = DepositAddress & { decimals: number; rpcUrl: string };

/**
 * Pay from your wallet (Solana): Phantom, through @solana/wallet-adapter-react, signs and sends a
 * transfer of SOL (or of a token, from and to the associated accounts) to the player's own deposit
 * address; the custodian sees it like any deposit. The adapter asks the operator's RPC for a
 * recent blockhash. These libraries load with this panel only.
 */
export default function PayFromSolana({ deposit }: { deposit: SolanaDeposit }) {
  const wallets = useMemo(() => [new PhantomWalletAdapter()], []);
  return (
    <ConnectionProvider endpoint={deposit.rpcUrl}>
      {/* Errors are told in the player's language by the form; the provider need not log them. */}
      <WalletProvider wallets={wallets} autoConnect={false} onError={() => undefined}>
        <PhantomPay deposit={deposit} />
      </WalletProvider>
    </ConnectionProvider>
  );
}

/** Phantom's own code for "the user rejected the request" (EIP-1193's, which it follows). */
const REJECTED = 4001;

function PhantomPay({ deposit }: { deposit: SolanaDeposit }) {
  const t = useTranslations('wallet.pay');
  const { connection } = useConnection();
  const { wallets, select } = useWallet();

  async function send(amount: string): Promise<string> {
    const phantom = wallets.find((w) => w.adapter.name === PhantomWalletName);
    if (!phantom || phantom.readyState !== WalletReadyState.Installed) {
      throw new WalletNotReadyError();
    }
    select(phantom.adapter.name);
    await phantom.adapter.connect();
    const from = phantom.adapter.publicKey!;
    const transaction = solanaTransfer({
      from,
      to: new PublicKey(deposit.address),
      units: parseUnits(amount, deposit.decimals),
      mint: deposit.contract ? new PublicKey(deposit.contract) : null,
      decimals: deposit.decimals,
    });
    return phantom.adapter.sendTransaction(transaction, connection);
  }

  return (
    <PayForm
      currency={deposit.currency}
      network={deposit.network}
      methods={[{ id: 'phantom', label: t('phantom'), send }]}
      failure={(err) =>
        err instanceof WalletNotReadyError
          ? t('phantomMissing')
          : err instanceof WalletError && Reflect.get(Object(err.error), 'code') === REJECTED
            ? t('rejected')
            : t('failed')
      }
    />
  );
}
