'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { useNearViewport } from '@/components/ui/use-near-viewport';

/**
 * Copies the strip's items, hidden from screen readers, and starts the loop: the server sends the
 * list once. The copies are made when the footer nears the screen, not while the page hydrates:
 * cloning three dozen logos there was a 50 ms task on a cold load.
 */
export function CryptoStripLoop({ copies, children }: { copies: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '200px');
  useEffect(() => {
    const list = ref.current?.querySelector('ul');
    if (!near || !list) return;
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
  }, [copies, near]);
  return <div ref={ref}>{children}</div>;
}
