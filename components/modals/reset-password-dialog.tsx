'use client';

import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { resetPasswordSteps, type ResetPasswordStep } from '@/lib/site/modals';
import { errorMessage } from '@/components/auth/error-message';
import { FormAlert } from '@/components/auth/form-alert';
import {
  ResetCodeStep,
  ResetConfirmStep,
  ResetDone,
  ResetSendStep,
  type ResetContact,
} from '@/components/auth/reset-password-steps';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

const isStep = (value: string | null): value is ResetPasswordStep =>
  (resetPasswordSteps as readonly (string | null)[]).includes(value);

/** Password reset: steps send-message → code → confirm; 'reset' (the default) is the first (spec §2). */
export default function ResetPasswordDialog({ name }: ModalProps) {
  const t = useTranslations('resetPassword');
  const te = useTranslations('errors');
  const search = useSearchParams();
  const router = useRouter();
  const { close, hrefFor } = useModal();
  const raw = search.get('step');
  const step: ResetPasswordStep = isStep(raw) ? raw : 'reset';
  // 'reset' is the first step's other name (the spec's default), not a step of its own.
  const shown = resetPasswordSteps.filter(
    (s): s is Exclude<ResetPasswordStep, 'reset'> => s !== 'reset',
  );
  const [contact, setContact] = useState<ResetContact | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = (next: ResetPasswordStep) =>
    router.replace(hrefFor(name, { step: next }), { scroll: false });
  const fail = (cause: unknown) => setError(errorMessage(cause, te('anErrorOccurred')));

  // A later step opened without the earlier ones (a shared link, a reload) starts over.
  const missing = (step === 'code' && !contact) || (step === 'confirm' && (!contact || !code));
  useEffect(() => {
    if (missing && !done)
      router.replace(hrefFor(name, { step: 'send-message' }), { scroll: false });
  }, [missing, done, hrefFor, name, router]);

  return (
    <ModalFrame title={t('title')} onClose={() => close(name)} testId="reset-password-dialog">
      <Stepper
        activeStep={
          done
            ? shown.length
            : Math.max(
                0,
                shown.findIndex((s) => s === step),
              )
        }
        alternativeLabel
        sx={{ mb: 2 }}
      >
        {shown.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" data-step={step} sx={{ mb: 2 }}>
        {t(`intro.${step}`)}
      </Typography>
      <FormAlert message={error} onClose={() => setError(null)} />
      {done ? (
        <ResetDone
          onSignIn={() => router.replace(hrefFor('auth', { tab: '1' }), { scroll: false })}
        />
      ) : step === 'reset' || step === 'send-message' ? (
        <ResetSendStep
          onError={fail}
          onSent={(c) => {
            setError(null);
            setContact(c);
            go('code');
          }}
        />
      ) : step === 'code' && contact ? (
        <ResetCodeStep
          contact={contact}
          onError={fail}
          onValid={(c) => {
            setError(null);
            setCode(c);
            go('confirm');
          }}
        />
      ) : step === 'confirm' && contact && code ? (
        <ResetConfirmStep
          contact={contact}
          code={code}
          onError={fail}
          onDone={() => setDone(true)}
        />
      ) : null}
    </ModalFrame>
  );
}
