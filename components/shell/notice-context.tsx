'use client';

import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Notice = { id: number; message: string; severity: 'info' | 'success' | 'error' };
type Notify = (message: string, severity?: Notice['severity']) => void;

const NoticeContext = createContext<Notify>(() => {});

/** Short messages at the bottom of the screen ('coming soon', 'copied', errors). */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ id: Date.now(), message, severity });
  }, []);
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <Snackbar
        key={notice?.id}
        open={Boolean(notice)}
        autoHideDuration={3000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 80, sm: 24 } }}
      >
        <Alert
          severity={notice?.severity ?? 'info'}
          variant="filled"
          onClose={() => setNotice(null)}
          data-testid="notice"
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NoticeContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NoticeContext);
}
