import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { CaptchaWidget } from '@/components/auth/hosted-captcha';
import type { Eip1193 } from '@/components/auth/methods/evm';
import type { PhantomProvider } from '@/components/auth/methods/phantom';
import type { routing } from '@/lib/i18n/routing';
import type { WalletEndpoint } from '@/lib/serve/casino-wallet';
import type { HtmlCache } from '@/lib/serve/html-cache';
import type { ProbeResult } from '@/lib/serve/page-probe';
import type { DbHandle } from '@/lib/server/db/client';
import type { CounterStore } from '@/lib/server/http/rate-limit';
import type messages from '@/messages/en.json';

// next-intl's typed configuration: `useLocale()` returns a Locale, and a message key that is not in
// the English file (the source every other language follows) fails the type-check.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}

declare global {
  // Process-wide singletons: route handlers are bundled separately, so every copy of a module
  // must find the one database connection, limit store and logger on globalThis (a global the
  // process shares is declared with var).
  var __dbHandle: Promise<DbHandle> | undefined;
  var __limitStore: Promise<CounterStore> | undefined;
  var __appLogger: Logger | undefined;
  /** The socket.io server server.ts made; route handlers run in the same process. */
  var __io: Server | undefined;
  /** The rendered-page cache server.ts made: content invalidation drops pages from it. */
  var __htmlCache: HtmlCache | undefined;
  /** server.ts's look at the renderer: one real page through the cache (the readiness call). */
  var __pageProbe: (() => Promise<ProbeResult>) | undefined;
  /** The aggregator's wallet calls, for server.ts to answer ahead of Next (instrumentation.ts). */
  var __walletEndpoint: WalletEndpoint | undefined;

  // What wallet extensions and the hosted captcha scripts put on window.
  interface Window {
    ethereum?: Eip1193;
    phantom?: { solana?: PhantomProvider };
    solana?: PhantomProvider;
    turnstile?: CaptchaWidget;
    hcaptcha?: CaptchaWidget;
  }
}
