'use client';

import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';

/** The current password a sensitive change asks for (unless the player signed in minutes ago). */
export function CurrentPasswordField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const t = useTranslations('security');
  return (
    <TextField
      label={t('currentPassword')}
      type="password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="current-password"
      size="small"
      helperText={t('currentPasswordHelp')}
      sx={{ maxWidth: 360 }}
      slotProps={{ htmlInput: testId ? { 'data-testid': testId } : {} }}
    />
  );
}
