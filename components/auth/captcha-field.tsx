'use client';

import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { authApi } from '@/lib/api/auth';
import type { AuthProviders } from '@/lib/schemas/player';
import { HostedCaptcha } from './hosted-captcha';

export type CaptchaHandle = {
  /** The captcha value, solving the challenge first if the player has not yet. */
  ensure: () => Promise<string>;
  /** Solutions pass once: after a submit the next one needs a fresh challenge. */
  reset: () => void;
};

type State = 'idle' | 'solving' | 'verified' | 'failed';

/** ALTCHA in the browser: fetch a signed challenge, find the counter (PBKDF2), encode the payload. */
async function solveAltcha(): Promise<string> {
  const [{ solveChallenge }, { deriveKey }, challenge] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
    authApi.captcha(),
  ]);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha');
  return btoa(JSON.stringify({ challenge, solution }));
}

/**
 * The sign-up's human verification (spec §4): the self-hosted proof-of-work by default, Turnstile
 * or hCaptcha when the operator configures one. It must pass before the first submit is sent.
 */
export function CaptchaField({
  settings,
  error,
  ref,
}: {
  settings: AuthProviders['captcha'];
  error?: string;
  ref: Ref<CaptchaHandle>;
}) {
  const t = useTranslations('authForm.captcha');
  const [state, setState] = useState<State>('idle');
  const value = useRef<string | null>(null);
  const running = useRef<Promise<string> | null>(null);
  const hosted = useRef<{ value: string | null; waiters: ((v: string) => void)[] }>({
    value: null,
    waiters: [],
  });

  const run = useCallback(() => {
    if (value.current) return Promise.resolve(value.current);
    if (settings.provider !== 'altcha') {
      if (hosted.current.value) return Promise.resolve(hosted.current.value);
      return new Promise<string>((resolve) => hosted.current.waiters.push(resolve));
    }
    running.current ??= solveAltcha()
      .then((solved) => {
        value.current = solved;
        setState('verified');
        return solved;
      })
      .catch((err: unknown) => {
        setState('failed');
        throw err;
      })
      .finally(() => {
        running.current = null;
      });
    setState('solving');
    return running.current;
  }, [settings.provider]);

  useImperativeHandle(
    ref,
    () => ({
      ensure: run,
      reset: () => {
        value.current = null;
        hosted.current.value = null;
        setState('idle');
      },
    }),
    [run],
  );

  if (settings.provider !== 'altcha') {
    return (
      <HostedCaptcha
        provider={settings.provider}
        siteKey={settings.siteKey}
        onToken={(token) => {
          hosted.current.value = token;
          for (const resolve of hosted.current.waiters.splice(0)) resolve(token);
        }}
      />
    );
  }

  return (
    <Stack spacing={0.5} data-testid="captcha" data-state={state}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{
          alignItems: 'center',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1,
        }}
      >
        {state === 'verified' ? (
          <CheckCircleIcon color="success" aria-hidden />
        ) : state === 'solving' ? (
          <CircularProgress size={22} aria-label={t('solving')} />
        ) : (
          <Button
            size="small"
            variant="outlined"
            onClick={() => void run().catch(() => undefined)}
            data-testid="captcha-start"
          >
            {t('start')}
          </Button>
        )}
        <Typography variant="body2" role="status" sx={{ flex: 1 }}>
          {t(state)}
        </Typography>
      </Stack>
      {error && state !== 'verified' && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
