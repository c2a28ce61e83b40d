'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: the copy confirmation shows for 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false; // no clipboard permission: nothing copied, nothing confirmed
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return true;
  }, []);

  return { copied, copy };
}
