'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { authApi } from '@/lib/api/auth';
import { playerKeys, profileQuery } from '@/lib/api/queries/player';
import { errorMessage } from '@/components/auth/error-message';
import { linkEvmWallet } from '@/components/auth/methods/evm';
import { CurrentPasswordField } from './current-password-field';

const GoogleButton = dynamic(() => import('@/components/auth/google-button'), { ssr: false });

/**
 * Ways into the account besides the password: a wallet is linked only by signing for it, and
 * Google only by the signed-in player (after the password, or a sign-in in the last 5 minutes).
 */
export function SignInMethodsCard() {
  const t = useTranslations('security');
  const te = useTranslations('errors');
  const tw = useTranslations('walletErrors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: authApi.providers,
    staleTime: 300_000,
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = profile.data;
  if (!data) return null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: playerKeys.profile });
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      setPassword('');
      await refresh();
    } catch (cause) {
      setError(errorMessage(cause, te('anErrorOccurred')));
    } finally {
      setBusy(false);
    }
  };

  const linkWallet = () =>
    run(() =>
      linkEvmWallet({
        chainId: providers.data?.chainId ?? 1,
        locale,
        texts: {
          missing: tw('metamaskMissing'),
          accounts: tw('metamaskAccounts'),
          signature: tw('metamaskSignature'),
        },
      }),
    );
  const google = providers.data?.google;

  return (
    <Card data-testid="sign-in-methods-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('methodsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('methodsIntro')}
          </Typography>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1, minWidth: 160 }}>{t('wallet')}</Typography>
            {data.walletAddress ? (
              <Box
                component="code"
                data-testid="linked-wallet"
                sx={{ wordBreak: 'break-all', fontSize: 13 }}
              >
                {data.walletAddress}
              </Box>
            ) : (
              <Chip size="small" label={t('notLinked')} />
            )}
            <Button
              variant="outlinedPrimary"
              size="small"
              loading={busy}
              onClick={() => void linkWallet()}
              data-testid="link-wallet"
            >
              {data.walletAddress ? t('linkOtherWallet') : t('linkWallet')}
            </Button>
          </Stack>
          {google && (
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ flex: 1 }}>Google</Typography>
                <Chip
                  size="small"
                  color={data.googleConnected ? 'success' : 'default'}
                  label={data.googleConnected ? t('connected') : t('notLinked')}
                  data-testid="google-status"
                />
              </Stack>
              {!data.googleConnected && (
                <>
                  {data.hasPassword && (
                    <CurrentPasswordField value={password} onChange={setPassword} />
                  )}
                  <GoogleButton
                    clientId={google.clientId}
                    onCredential={(credential) =>
                      void run(() =>
                        authApi.googleLink(
                          { credential, ...(password ? { password } : {}) },
                          locale,
                        ),
                      )
                    }
                    onError={() => setError(te('googleSignIn'))}
                  />
                </>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
