'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Copies the strip's items after load, hidden from screen readers, and starts the loop: the
 * server sends the list once.
 */
export function CryptoStripLoop({ copies, children }: { copies: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current?.querySelector('ul');
    if (!list) return;
    const originals = [...list.children];
    const clones: Element[] = [];
    for (let copy = 1; copy < copies; copy += 1) {
      for (const item of originals) {
        const clone = item.cloneNode(true) as Element;
        clone.setAttribute('aria-hidden', 'true');
        clones.push(list.appendChild(clone));
      }
    }
    list.setAttribute('data-loop', '');
    return () => {
      for (const clone of clones) clone.remove();
      list.removeAttribute('data-loop');
    };
  }, [copies]);
  return <div ref={ref}>{children}</div>;
}
