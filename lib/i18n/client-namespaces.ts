/**
 * The message namespaces the browser needs: every namespace a component reads with
 * `useTranslations`. The rest (API errors, mail, info pages, page titles, the footer) are read on
 * the server only and never cross into the page's payload. test/lib/client-namespaces.test.ts fails
 * when a component reads a namespace missing here.
 */
export const clientNamespaces = [
  'account',
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
  'myAccount',
  'nav',
  'resetPassword',
  'search',
  'security',
  'settings',
  'support',
  'userMenu',
  'validation',
  'wallet',
  'walletErrors',
] as const;

/** Only the namespaces the browser reads. */
export function clientMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  return Object.fromEntries(
    clientNamespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]]),
  ) as Partial<T>;
}
