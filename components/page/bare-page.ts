import type { CSSProperties } from 'react';

/**
 * The body of the two pages drawn outside the site's layout (no theme, no messages): the root
 * error page and the 404 of paths the proxy does not route into a language.
 */
export const bareBodyStyle: CSSProperties = {
  fontFamily: 'system-ui, sans-serif',
  display: 'grid',
  placeItems: 'center',
  minHeight: '100vh',
  margin: 0,
  background: '#141A21',
  color: '#fff',
};
