'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { twoFactorCodeField } from '@/lib/schemas/auth';
import { CodeStep } from './code-step';

/** The verification-code screen of a sign-in with 2FA on (spec §4): only the code is required. */
export function TwoFactorStep({
  onSubmit,
  extra,
}: {
  onSubmit: (code: string) => Promise<void>;
  extra?: ReactNode;
}) {
  const tf = useTranslations('authForm');
  return (
    <CodeStep
      testId="two-factor-step"
      title={tf('twoFactorHeading')}
      intro={tf('twoFactorIntro')}
      label={tf('twoFactorCode')}
      submitLabel={tf('verify')}
      field={twoFactorCodeField}
      onSubmit={onSubmit}
      extra={extra}
    />
  );
}
