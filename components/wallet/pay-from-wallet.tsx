'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import {
  BaseError,
  custom,
  defineChain,
  erc20Abi,
  getAddress,
  parseUnits,
  UserRejectedRequestError,
} from 'viem';
import { createConfig, http } from 'wagmi';
import { connect, getConnectors, sendTransaction, writeContract } from 'wagmi/actions';
import { coinbaseWallet, injected } from 'wagmi/connectors';
import { WalletConnectQr } from '@/components/auth/walletconnect-qr';
import type { DepositAddress } from '@/lib/schemas/wallet';
import { openWalletConnect } from '@/lib/wallet/walletconnect';
import { PayForm, type PayMethod } from './pay-form';

/**
 * Pay from your wallet (EVM): the player's browser wallet (injected, e.g. MetaMask), a phone wallet
 * over WalletConnect (when the platform has a project id) or Coinbase Wallet (@coinbase/wallet-sdk)
 * sends the amount to their own deposit address on the option's chain; the watcher then sees it
 * like any deposit. wagmi and the SDKs load with this panel only.
 */
export default function PayFromWallet({
  deposit,
  appName,
  walletConnect,
}: {
  deposit: DepositAddress & { chainId: number; decimals: number };
  /** How the wallet names who asks (Coinbase Wallet and WalletConnect show it). */
  appName: string;
  walletConnect: { projectId: string; relayUrl: string | null } | null;
}) {
  const t = useTranslations('wallet.pay');
  const [pairing, setPairing] = useState<string | null>(null);

  const config = useMemo(() => {
    const chain = defineChain({
      id: deposit.chainId,
      name: deposit.network,
      nativeCurrency: { name: deposit.currency, symbol: deposit.currency, decimals: 18 },
      // Reads go through the wallet; the site gives no RPC endpoint of its own.
      rpcUrls: { default: { http: [] } },
    });
    return createConfig({
      chains: [chain],
      connectors: [injected(), coinbaseWallet({ appName })],
      transports: { [chain.id]: http() },
      ssr: false,
    });
  }, [deposit.chainId, deposit.currency, deposit.network, appName]);

  /** A phone wallet's session over the relay, as a wagmi connector (the QR code shows meanwhile). */
  async function phoneWallet() {
    const session = await openWalletConnect({
      ...walletConnect!,
      siteName: appName,
      chainId: deposit.chainId,
      methods: ['eth_sendTransaction'],
      onUri: setPairing,
    }).finally(() => setPairing(null));
    // viem's own wrapper gives the session's loose request function the typed EIP-1193 shape.
    const provider = {
      ...session.provider,
      request: custom(session.provider)({ retryCount: 0 }).request,
    };
    return injected({
      target: { id: 'walletConnect', name: 'WalletConnect', provider },
      shimDisconnect: false,
    });
  }

  const through =
    (connectorId: string) =>
    async (amount: string): Promise<string> => {
      const connector =
        connectorId === 'walletConnect'
          ? await phoneWallet()
          : getConnectors(config).find((c) => c.id === connectorId)!;
      const { accounts } = await connect(config, { connector, chainId: deposit.chainId });
      const account = accounts[0]!;
      const to = getAddress(deposit.address);
      const units = parseUnits(amount, deposit.decimals);
      return deposit.contract
        ? writeContract(config, {
            account,
            chainId: deposit.chainId,
            address: getAddress(deposit.contract),
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, units],
          })
        : sendTransaction(config, { account, chainId: deposit.chainId, to, value: units });
    };

  const methods: PayMethod[] = [
    { id: 'injected', label: t('browserWallet'), send: through('injected') },
    ...(walletConnect
      ? [{ id: 'walletConnect', label: t('walletConnect'), send: through('walletConnect') }]
      : []),
    { id: 'coinbaseWalletSDK', label: t('coinbaseWallet'), send: through('coinbaseWalletSDK') },
  ];

  return (
    <PayForm
      currency={deposit.currency}
      network={deposit.network}
      methods={methods}
      failure={(err) =>
        err instanceof BaseError && err.walk((e) => e instanceof UserRejectedRequestError) !== null
          ? t('rejected')
          : t('failed')
      }
    >
      {pairing && <WalletConnectQr uri={pairing} onCancel={() => setPairing(null)} />}
    </PayForm>
  );
}
