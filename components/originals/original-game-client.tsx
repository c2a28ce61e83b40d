'use client';

import dynamic from 'next/dynamic';
import type { OriginalGame as Game } from '@/lib/schemas/originals';

const placeholder = () => <div aria-busy="true" style={{ minHeight: 560 }} />;

/**
 * The game itself renders in the browser only: it is all controls (nothing for a search engine),
 * and its styles — a slider, tabs, fields, switches — are made per render, so rendering it on the
 * server put 50 KiB of CSS into every game page's HTML. The page keeps its heading, rules and live
 * feed on the server; this keeps the game's place so nothing moves when it appears. Mines, a game
 * that stays open across requests, has its own component.
 */
const Instant = dynamic(() => import('./original-game').then((m) => m.OriginalGame), {
  ssr: false,
  loading: placeholder,
});
const Mines = dynamic(() => import('./mines/mines-game').then((m) => m.MinesGame), {
  ssr: false,
  loading: placeholder,
});

export function OriginalGameClient({ game }: { game: Game }) {
  return game === 'mines' ? <Mines /> : <Instant game={game} />;
}
