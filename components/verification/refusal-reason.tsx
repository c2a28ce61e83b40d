'use client';

import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { KycRefusalReason } from '@/lib/schemas/kyc';

/**
 * Why a level or a document was refused: the reason's text in the reader's language, then the
 * reviewer's note exactly as typed (React renders it as text, never markup).
 */
export function RefusalReason({
  reason,
  note,
  ...typography
}: { reason: KycRefusalReason | null; note: string | null } & TypographyProps) {
  const t = useTranslations('verification');
  if (!reason) return null;
  return (
    <>
      <Typography {...typography}>{t('reason', { reason: t(`refusal.${reason}`) })}</Typography>
      {note && <Typography {...typography}>{t('reasonNote', { note })}</Typography>}
    </>
  );
}
