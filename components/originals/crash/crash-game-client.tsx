'use client';

import dynamic from 'next/dynamic';

/**
 * Crash renders in the browser only, as the other games do (original-game-client.tsx): its
 * controls, table and chips are styles made per render, which put 30 KiB of CSS into the HTML when
 * rendered on the server. The round itself is prefetched by the page, so it shows at once.
 */
export const CrashGameClient = dynamic(() => import('./crash-game').then((m) => m.CrashGame), {
  ssr: false,
  loading: () => <div aria-busy="true" style={{ minHeight: 560 }} />,
});
