'use client';

import { useLayoutEffect, useState } from 'react';

/** What holds no content of the page (and Next's development overlay): left as it is. */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'LINK',
  'META',
  'TEMPLATE',
  'NOSCRIPT',
  'NEXTJS-PORTAL',
]);

/**
 * MUI's Modal hides everything beside the open dialog from assistive technology with aria-hidden,
 * but leaves it focusable: the page's links and buttons stay in the focus order and in a screen
 * reader's lists, nameless (axe's aria-hidden-focus). This makes the same elements inert while the
 * dialog is mounted — every sibling of the dialog's root and of each of its ancestors up to body —
 * and gives them back when it unmounts, before MUI returns focus to the element that opened it.
 * Returns the ref for the dialog's root (the Modal element MUI portals into body).
 */
export function useInertBackground() {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!root) return;
    const made: Element[] = [];
    for (let node: Element = root; node.parentElement; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || SKIPPED.has(sibling.tagName) || sibling.hasAttribute('inert'))
          continue;
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
      if (node.parentElement === node.ownerDocument.body) break;
    }
    return () => {
      for (const element of made) element.removeAttribute('inert');
    };
  }, [root]);
  return setRoot;
}
