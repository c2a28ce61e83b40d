'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
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
import { DECIMAL_AMOUNT, type DepositAddress } from '@/lib/schemas/wallet';
import { openWalletConnect } from '@/lib/wallet/walletconnect';

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
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  async function pay(connectorId: string) {
    setError(null);
    setSent(null);
    if (!DECIMAL_AMOUNT.test(amount)) {
      setError(t('amountInvalid'));
      return;
    }
    setBusy(true);
    try {
      const connector =
        connectorId === 'walletConnect'
          ? await phoneWallet()
          : getConnectors(config).find((c) => c.id === connectorId)!;
      const { accounts } = await connect(config, { connector, chainId: deposit.chainId });
      const account = accounts[0]!;
      const to = getAddress(deposit.address);
      const hash = deposit.contract
        ? await writeContract(config, {
            account,
            chainId: deposit.chainId,
            address: getAddress(deposit.contract),
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, parseUnits(amount, deposit.decimals)],
          })
        : await sendTransaction(config, {
            account,
            chainId: deposit.chainId,
            to,
            value: parseUnits(amount, deposit.decimals),
          });
      setSent(hash);
    } catch (err) {
      // The wallet's own messages are in English: the player reads why in their language.
      const rejected =
        err instanceof BaseError && err.walk((e) => e instanceof UserRejectedRequestError) !== null;
      setError(rejected ? t('rejected') : t('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1.5} component="section" aria-label={t('title')} data-testid="pay-from-wallet">
      <Typography variant="subtitle2">{t('title')}</Typography>
      <TextField
        size="small"
        label={t('amount', { currency: deposit.currency })}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', lang: locale } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlinedSecondary" loading={busy} onClick={() => void pay('injected')}>
          {t('browserWallet')}
        </Button>
        {walletConnect && (
          <Button
            variant="outlinedSecondary"
            loading={busy}
            onClick={() => void pay('walletConnect')}
          >
            {t('walletConnect')}
          </Button>
        )}
        <Button
          variant="outlinedSecondary"
          loading={busy}
          onClick={() => void pay('coinbaseWalletSDK')}
        >
          {t('coinbaseWallet')}
        </Button>
      </Stack>
      {pairing && <WalletConnectQr uri={pairing} onCancel={() => setPairing(null)} />}
      {error && <Alert severity="error">{error}</Alert>}
      {sent && (
        <Alert severity="success" sx={{ wordBreak: 'break-all' }}>
          {t('sent', { hash: sent })}
        </Alert>
      )}
    </Stack>
  );
}
