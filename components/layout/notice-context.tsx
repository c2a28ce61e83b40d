'use client';

import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Notice } from './notice-toast';

type Notify = (message: string, severity?: Notice['severity']) => void;

const NoticeContext = createContext<Notify>(() => {});

// Snackbar and Alert load with the first notice, not with every page.
const NoticeToast = dynamic(() => import('./notice-toast'), { ssr: false });

/** Short messages at the bottom of the screen ('coming soon', 'copied', errors). */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [used, setUsed] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setUsed(true);
    setNotice({ id: Date.now(), message, severity });
  }, []);
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      {used && <NoticeToast notice={notice} onClose={() => setNotice(null)} />}
    </NoticeContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NoticeContext);
}
