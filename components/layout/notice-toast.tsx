'use client';

import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export type Notice = { id: number; message: string; severity: 'info' | 'success' | 'error' };

/** The snackbar itself; loaded with the first notice. */
export default function NoticeToast({
  notice,
  onClose,
}: {
  notice: Notice | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={notice?.id}
      open={Boolean(notice)}
      autoHideDuration={3000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 80, sm: 24 } }}
    >
      <Alert
        severity={notice?.severity ?? 'info'}
        variant="filled"
        onClose={onClose}
        data-testid="notice"
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}
