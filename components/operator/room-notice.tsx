'use client';

import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState } from 'react';

/**
 * A room's answer to an action: what was done, or the API's refusal in its own localized words.
 * `notice` is the element to render once; `done` and `failed` show a text in it.
 */
export function useRoomNotice() {
  const [shown, setShown] = useState<{ text: string; error: boolean } | null>(null);
  const close = () => setShown(null);
  const notice = (
    <Snackbar
      open={shown !== null}
      autoHideDuration={6000}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={shown?.error ? 'error' : 'success'} onClose={close}>
        {shown?.text}
      </Alert>
    </Snackbar>
  );
  // Stable, so a grid's memoized columns that call them are not rebuilt on every render.
  const done = useCallback((text: string) => setShown({ text, error: false }), []);
  const failed = useCallback((text: string) => setShown({ text, error: true }), []);
  return { notice, done, failed };
}
