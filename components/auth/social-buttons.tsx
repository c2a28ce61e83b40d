'use client';

import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import TelegramIcon from '@mui/icons-material/Telegram';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { authApi } from '@/lib/api/auth';
import type { AuthProviders } from '@/lib/schemas/player';
import { errorMessage } from './error-message';
import { evmSignIn, findMetamask } from './methods/evm';
import { phantomSignIn } from './methods/phantom';
import { telegramSignIn } from './methods/telegram';
import { walletConnectSignIn } from './methods/walletconnect';
import type { SignInMethod } from './methods/types';

const GoogleButton = dynamic(() => import('./google-button'), { ssr: false });

/**
 * Wallet and social ways in, each shown only when usable: the browser wallets always (a missing
 * extension is explained when clicked), the rest only when the operator configured them.
 */
export function SocialButtons({
  providers,
  promotionCode,
  onMethod,
  onError,
  onWalletConnectUri,
}: {
  providers: AuthProviders;
  promotionCode?: string;
  onMethod: (method: SignInMethod) => Promise<void>;
  onError: (message: string) => void;
  /** WalletConnect's pairing address, for the dialog to show as a QR code. */
  onWalletConnectUri: (uri: string) => void;
}) {
  const t = useTranslations('authForm');
  const te = useTranslations('errors');
  const tw = useTranslations('walletErrors');
  const locale = useLocale();

  const metamask = () =>
    onMethod(
      evmSignIn({
        wallet: 'metamask',
        provider: () => findMetamask(),
        chainId: providers.chainId,
        promotionCode,
        locale,
        texts: {
          missing: tw('metamaskMissing'),
          accounts: tw('metamaskAccounts'),
          signature: tw('metamaskSignature'),
        },
      }),
    );
  const phantom = () =>
    onMethod(
      phantomSignIn({
        promotionCode,
        locale,
        texts: { missing: tw('phantomMissing'), signature: tw('phantomSignature') },
      }),
    );
  const walletConnect = () =>
    onMethod(
      walletConnectSignIn({
        projectId: providers.walletConnect!.projectId,
        relayUrl: providers.walletConnect!.relayUrl,
        chainId: providers.chainId,
        siteName: providers.siteName,
        promotionCode,
        locale,
        onUri: onWalletConnectUri,
        texts: {
          missing: tw('walletConnectFailed'),
          accounts: tw('walletConnectFailed'),
          signature: tw('walletConnectFailed'),
        },
      }),
    );
  const coinbase = async () => {
    try {
      window.location.assign(await authApi.coinbaseUrl());
    } catch (error) {
      onError(errorMessage(error, te('anErrorOccurred')));
    }
  };

  return (
    <Stack spacing={1.5} data-testid="social-buttons">
      <Divider>{t('orContinueWith')}</Divider>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', '& > button': { flex: '1 1 40%' } }}
      >
        {providers.metamask && (
          <Button
            variant="outlinedSecondary"
            startIcon={<AccountBalanceWalletIcon />}
            onClick={() => void metamask()}
            data-testid="metamask-button"
          >
            Metamask
          </Button>
        )}
        {providers.phantom && (
          <Button
            variant="outlinedSecondary"
            startIcon={<AccountBalanceWalletIcon />}
            onClick={() => void phantom()}
            data-testid="phantom-button"
          >
            Phantom
          </Button>
        )}
        {providers.walletConnect && (
          <Button
            variant="outlinedSecondary"
            startIcon={<QrCode2Icon />}
            onClick={() => void walletConnect()}
            data-testid="walletconnect-button"
          >
            WalletConnect
          </Button>
        )}
        {providers.telegram && (
          <Button
            variant="outlinedSecondary"
            startIcon={<TelegramIcon />}
            onClick={() =>
              void onMethod(
                telegramSignIn({ botId: providers.telegram!.botId, promotionCode, locale }),
              )
            }
            data-testid="telegram-button"
          >
            Telegram
          </Button>
        )}
        {providers.coinbase && (
          <Button
            variant="outlinedSecondary"
            startIcon={<CurrencyBitcoinIcon />}
            onClick={() => void coinbase()}
            data-testid="coinbase-button"
          >
            Coinbase
          </Button>
        )}
      </Stack>
      {providers.google && (
        <Stack sx={{ alignItems: 'center' }} data-testid="google-button">
          <GoogleButton
            clientId={providers.google.clientId}
            onCredential={(credential) =>
              void onMethod((twoFactorCode) =>
                authApi.google({ credential, twoFactorCode, promotionCode }, locale),
              )
            }
            onError={() => onError(te('googleSignIn'))}
          />
        </Stack>
      )}
    </Stack>
  );
}
