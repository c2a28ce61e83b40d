'use client';

import dynamic from 'next/dynamic';
import type { OriginalGame as Game } from '@/lib/schemas/originals';

/**
 * The game itself renders in the browser only: it is all controls (nothing for a search engine),
 * and its styles — a slider, tabs, fields, switches — are made per render, so rendering it on the
 * server put 50 KiB of CSS into every game page's HTML. The page keeps its heading, rules and live
 * feed on the server; this keeps the game's place so nothing moves when it appears.
 */
const Loaded = dynamic(() => import('./original-game').then((m) => m.OriginalGame), {
  ssr: false,
  loading: () => <div aria-busy="true" style={{ minHeight: 560 }} />,
});

export function OriginalGameClient({ game }: { game: Game }) {
  return <Loaded game={game} />;
}
