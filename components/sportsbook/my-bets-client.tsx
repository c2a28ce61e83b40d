'use client';

import dynamic from 'next/dynamic';
import { LazyMessages } from '@/components/i18n/lazy-messages';

const placeholder = <div aria-busy="true" style={{ minHeight: 200 }} />;
const MyBets = dynamic(() => import('./my-bets'), { ssr: false, loading: () => placeholder });

/** My bets renders in the browser only: it is the player's own, never in a shared page. */
export function MyBetsClient() {
  return (
    <LazyMessages namespaces={['sportsbookSlip']} fallback={placeholder}>
      <MyBets />
    </LazyMessages>
  );
}
