let loadedWith: string | undefined;

/**
 * The CSP nonce for elements made in the browser (Emotion's style tags): the one this document was
 * loaded with, which its Content-Security-Policy header admits — not the one in the props.
 *
 * Every request gets a fresh nonce (proxy.ts), client navigations included, so the nonce a layout
 * passes down changes with each RSC payload while the document's CSP stays the first response's.
 * Usually nobody notices: the Emotion cache is made once. But a language switch changes the root
 * layout's `[lang]` segment, so React mounts the whole tree again: a new Emotion cache with the new
 * payload's nonce, whose style tags (CssBaseline's among them) the CSP refuses (`style-src-elem`) —
 * the page loses its base styles until a reload.
 *
 * On the server (and before anything carries a nonce) the given one is the answer.
 */
export function documentNonce(given: string | undefined): string | undefined {
  if (typeof document === 'undefined') return given;
  if (loadedWith === undefined) {
    // Browsers hide the attribute once the element is in the page; the property keeps it.
    const element = document.querySelector<HTMLElement>('script[nonce], style[nonce]');
    loadedWith = element?.nonce || element?.getAttribute('nonce') || undefined;
  }
  return loadedWith ?? given;
}
