'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { authApi } from '@/lib/api/auth';
import type { SignInData } from '@/lib/schemas/auth';
import { ModalFrame } from '@/components/modals/modal-frame';
import { useSession } from '@/components/session/session-context';
import { useNotify } from '@/components/layout/notice-context';
import { TwoFactorStep } from './two-factor-step';
import { errorMessage } from './error-message';
import { FormAlert } from './form-alert';
import { takeSignInCode } from './sign-in-code-catcher';

type Login = (data: SignInData) => Promise<void>;

/** Stores the session, unless the answer still asks for the 2FA code. */
async function signedIn(login: Login, data: SignInData): Promise<boolean> {
  if (data.two_factor_enabled && !data.token) return false;
  await login(data);
  return true;
}

/**
 * The wallet sign-in callback (spec §2): the Coinbase callback sends the browser back with a
 * one-time sign-in code in `access_token` (already taken out of the address by the head script);
 * the validation call signs the player in. A visitor who is already signed in stays who they are:
 * a link with someone else's code never switches accounts. With 2FA on, the code is asked here.
 */
export function CoinbaseCallback() {
  const locale = useLocale();
  const te = useTranslations('errors');
  const tf = useTranslations('authForm');
  const notify = useNotify();
  const { status, login } = useSession();
  const [twoFactor, setTwoFactor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'loading' || !login) return;
    const code = takeSignInCode();
    if (!code || status === 'authenticated') return;
    authApi
      .coinbaseValidate({ accessToken: code, publicAddress: '' }, locale)
      .then(async (data) => {
        if (!(await signedIn(login, data))) setTwoFactor(code);
      })
      .catch((cause: unknown) => {
        // The server's message, else the error's own, else 'An error occurred' (spec §8).
        notify(errorMessage(cause, te('anErrorOccurred')), 'error');
      });
  }, [status, login, locale, notify, te]);

  if (!twoFactor) return null;
  return (
    <ModalFrame
      title={tf('twoFactorTitle')}
      onClose={() => setTwoFactor(null)}
      testId="coinbase-2fa"
    >
      <FormAlert message={error} onClose={() => setError(null)} />
      <TwoFactorStep
        onSubmit={async (twoFactorCode) => {
          setError(null);
          try {
            const data = await authApi.coinbaseValidate(
              { accessToken: twoFactor, publicAddress: '', twoFactorCode },
              locale,
            );
            if (await signedIn(login!, data)) setTwoFactor(null);
          } catch (cause) {
            setError(errorMessage(cause, te('anErrorOccurred')));
          }
        }}
      />
    </ModalFrame>
  );
}
