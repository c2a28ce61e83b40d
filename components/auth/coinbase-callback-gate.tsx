'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';
import { hasSignInCode } from './sign-in-code-catcher';

// The callback (2FA step, forms, schemas) loads only when the head script caught a sign-in code.
const CoinbaseCallback = dynamic(
  () => import('./coinbase-callback').then((m) => m.CoinbaseCallback),
  { ssr: false },
);

const noSubscription = () => () => {};
// Latched: the callback takes the code out of the window, and must stay mounted afterwards.
let caughtThisLoad = false;
const caughtSnapshot = () => (caughtThisLoad ||= hasSignInCode());

/** Renders the Coinbase callback only on the page load that came back from Coinbase. */
export function CoinbaseCallbackGate() {
  // The server never has a code; after hydration the head script's catch decides, once per load.
  const caught = useSyncExternalStore(noSubscription, caughtSnapshot, () => false);
  return caught ? <CoinbaseCallback /> : null;
}
