/**
 * The message namespaces the browser needs: every namespace a component reads with
 * `useTranslations`. The rest (API errors, mail, info pages, page titles, the footer) are read on
 * the server only and never cross into the page's payload. test/lib/client-namespaces.test.ts fails
 * when a component reads a namespace missing here.
 */
export const clientNamespaces = [
  'account',
  'accountSettings',
  'auth',
  'authForm',
  'bottomBar',
  'common',
  'errorPage',
  'errors',
  'games',
  'header',
  'installWallet',
  'languagePicker',
  'lobby',
  'nav',
  'resetPassword',
  'search',
  'settings',
  'support',
  'userMenu',
  'validation',
  'walletErrors',
] as const;

/**
 * Namespaces a page does not carry: components that read them sit inside LazyMessages, which
 * fetches them the first time one renders (the wallet modal, the currency menu), or the page's
 * server parent passes them (the wallet's account pages).
 */
export const lazyNamespaces = [
  'wallet',
  'walletMenu',
  'notifications',
  'protection',
  'myAccount',
  'recovery',
  'verification',
  'supportChat',
  // The security page's cards alone read it (2 KiB every other page carried).
  'security',
  // The originals' pages (and the game record) get it from their server parent (ScopedMessages).
  'originals',
  // The sportsbook's pages get it from theirs; the slip and My bets fetch theirs when first shown.
  'sportsbook',
  'sportsbookSlip',
] as const;
export type LazyNamespace = (typeof lazyNamespaces)[number];

/** What the back office (app/operator) gives its pages: its own texts and the chat's. */
export const backOfficeNamespaces = ['backOffice', 'supportChat', 'verification'] as const;

/** Only the namespaces the browser reads. */
export function clientMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return Object.fromEntries(
    clientNamespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]]),
  ) as Partial<T>;
}
