'use client';

import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { resetPasswordSteps, type ResetPasswordStep } from '@/lib/navigation/modals';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

const isStep = (value: string | null): value is ResetPasswordStep =>
  (resetPasswordSteps as readonly (string | null)[]).includes(value);

/** Password reset: step send-message, code or confirm, 'reset' when none is given (spec §2). */
export default function ResetPasswordDialog({ name }: ModalProps) {
  const t = useTranslations('resetPassword');
  const search = useSearchParams();
  const { close } = useModal();
  const raw = search.get('step');
  const step: ResetPasswordStep = isStep(raw) ? raw : 'reset';
  const shown = resetPasswordSteps.slice(1);

  return (
    <ModalFrame title={t('title')} onClose={() => close(name)} testId="reset-password-dialog">
      <Stepper
        activeStep={Math.max(0, shown.indexOf(step as (typeof shown)[number]))}
        alternativeLabel
        sx={{ mb: 2 }}
      >
        {shown.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" data-step={step}>
        {t(`intro.${step}`)}
      </Typography>
    </ModalFrame>
  );
}
