'use client';

import { useEffect } from 'react';
import { reportError } from '@/lib/api/error-log';
import { bareBodyStyle } from '@/components/page/bare-page';

type Props = { error: Error & { digest?: string }; reset: () => void };

/**
 * When the root layout itself fails (no theme, no messages), this bare page stands in for it.
 * The wording is the spec's, in English, as nothing localized could be loaded; the error is still
 * sent to the Error log.
 */
export default function GlobalError({ error, reset }: Props) {
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <html lang="en">
      <body style={bareBodyStyle}>
        <main style={{ textAlign: 'center', padding: 24 }}>
          <h1>something went wrong</h1>
          <p>Sorry, this page ran into a problem. We have been told about it.</p>
          <button type="button" onClick={reset} style={{ padding: '8px 16px', fontSize: 16 }}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
