'use client';

import Alert from '@mui/material/Alert';

/** The red dismissible alert sign-in failures show inside the open dialog (spec §4, §8). */
export function FormAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert severity="error" onClose={onClose} data-testid="auth-error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
