'use client';

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { authProvidersQuery } from '@/lib/api/queries/auth';
import { authApi } from '@/lib/api/auth';
import { useRouter } from '@/lib/i18n/navigation';
import { isCountryCode } from '@/lib/forms/countries';
import { authTabs } from '@/lib/site/modals';
import { REFERRER_COOKIE } from '@/lib/referral/referrer-cookie';
import { codeField } from '@/lib/schemas/auth';
import { CodeStep } from '@/components/auth/code-step';
import { TwoFactorStep } from '@/components/auth/two-factor-step';
import { FormAlert } from '@/components/auth/form-alert';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { SocialButtons } from '@/components/auth/social-buttons';
import { useSignInFlow } from '@/components/auth/use-sign-in-flow';
import { WalletConnectQr } from '@/components/auth/walletconnect-qr';
import { useVisitor } from '@/components/providers/visitor-context';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

/** Sign-up's phone country when the visitor's address names none (spec §5). */
const SIGN_UP_FALLBACK_COUNTRY = 'US';
const RESEND_COOLDOWN_S = 60;

/** Sign in (tab=1) and sign up (tab=2), with the 2FA and activation-code steps (spec §2, §4). */
export default function AuthDialog({ name }: ModalProps) {
  const t = useTranslations('auth');
  const tf = useTranslations('authForm');
  const locale = useLocale();
  const search = useSearchParams();
  const router = useRouter();
  const { close, hrefFor } = useModal();
  const { country } = useVisitor();
  const flow = useSignInFlow();
  const [cooldown, setCooldown] = useState(0);
  const providers = useQuery(authProvidersQuery());
  const tab = search.get('tab') === authTabs.signUp ? authTabs.signUp : authTabs.signIn;
  const required = name === 'authRequired';
  const { view } = flow;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const title =
    view.kind === 'walletConnect'
      ? 'WalletConnect'
      : view.kind === 'twoFactor'
        ? tf('twoFactorTitle')
        : view.kind === 'activation'
          ? tf('activationTitle')
          : tab === authTabs.signUp
            ? t('signUpTitle')
            : t('signInTitle');

  return (
    <ModalFrame
      title={title}
      onClose={() => close(name)}
      dismissible={!required}
      testId="auth-dialog"
    >
      <FormAlert message={flow.error} onClose={() => flow.setError(null)} />
      {view.kind === 'walletConnect' && (
        <WalletConnectQr uri={view.uri} onCancel={() => flow.setView({ kind: 'form' })} />
      )}
      {view.kind === 'twoFactor' && (
        <TwoFactorStep
          onSubmit={(code) => flow.attempt(view.method, code)}
          extra={
            <Button onClick={() => flow.setView({ kind: 'form' })} data-testid="code-back">
              {tf('back')}
            </Button>
          }
        />
      )}
      {view.kind === 'activation' && (
        <CodeStep
          testId="activation-step"
          title={tf('activationHeading')}
          intro={tf(
            view.pending
              ? 'activationIntroPending'
              : view.type === 'email'
                ? 'activationIntroEmail'
                : 'activationIntroPhone',
            { contact: view.contact },
          )}
          label={tf('activationCode')}
          submitLabel={tf('activate')}
          field={codeField}
          onSubmit={async (code) => {
            flow.setError(null);
            try {
              await flow.finish(
                await authApi.activate({ type: view.type, contact: view.contact, code }, locale),
              );
            } catch (cause) {
              flow.fail(cause);
            }
          }}
          extra={
            <Button
              disabled={cooldown > 0}
              data-testid="resend-code"
              onClick={async () => {
                setCooldown(RESEND_COOLDOWN_S);
                await authApi
                  .resendActivation({ type: view.type, contact: view.contact }, locale)
                  .catch(flow.fail);
              }}
            >
              {cooldown > 0 ? tf('resendIn', { seconds: cooldown }) : tf('resend')}
            </Button>
          }
        />
      )}
      {view.kind === 'form' && (
        <>
          <Tabs
            value={tab}
            variant="fullWidth"
            onChange={(_e, value: string) => {
              flow.setError(null);
              router.replace(hrefFor(name, { tab: value }), { scroll: false });
            }}
            sx={{ mb: 2 }}
          >
            <Tab value={authTabs.signIn} label={t('signIn')} data-testid="tab-sign-in" />
            <Tab value={authTabs.signUp} label={t('signUp')} data-testid="tab-sign-up" />
          </Tabs>
          <Stack spacing={2} role="tabpanel" data-tab={tab}>
            {required && (
              <Typography variant="body2" data-testid="auth-required-note">
                {t('requiredNote')}
              </Typography>
            )}
            {tab === authTabs.signIn ? (
              <SignInForm
                captcha={providers.data?.captcha ?? { provider: 'altcha' }}
                onMethod={(method) => flow.attempt(method)}
                onNotActivated={(pending) =>
                  flow.setView({ kind: 'activation', ...pending, pending: true })
                }
              />
            ) : providers.data ? (
              <SignUpForm
                captcha={providers.data.captcha}
                defaultCountry={isCountryCode(country) ? country! : SIGN_UP_FALLBACK_COUNTRY}
                onRegistered={(done) => flow.setView({ kind: 'activation', ...done })}
                onError={flow.fail}
              />
            ) : (
              <CircularProgress sx={{ alignSelf: 'center' }} aria-label={tf('loading')} />
            )}
            {providers.data && (
              <SocialButtons
                providers={providers.data}
                promotionCode={Cookies.get(REFERRER_COOKIE)}
                onMethod={(method) => flow.attempt(method)}
                onError={flow.setError}
                onWalletConnectUri={(uri) => flow.setView({ kind: 'walletConnect', uri })}
              />
            )}
          </Stack>
        </>
      )}
    </ModalFrame>
  );
}
