import { isCryptoPath } from './paths';
import { safeReturnPath } from './safe-return';

/**
 * The query-parameter modals (spec §2 Modals) and their rules, kept free of React so the layer,
 * the links that open them and the tests share one definition.
 */
export const modalNames = [
  'auth',
  'authRequired',
  'wallet',
  'reset-password',
  'install-wallet',
] as const;
export type ModalName = (typeof modalNames)[number];

/** Query parameters that belong to a modal; closing it removes them. */
export const MODAL_PARAMS = ['modal', 'tab', 'step', 'wallet', 'returnTo'] as const;

/** Where a sign-in goes afterwards, when a link says so (checked: this site only). */
export const RETURN_PARAM = 'returnTo';

/** A page's own `tab` (casino, slots) waits here while a modal uses `tab`, and comes back on close. */
export const PAGE_TAB_PARAM = 'ptab';

/** The page's tab, wherever it is while a modal is open. */
export function pageTab(search: {
  modal?: string | null;
  tab?: string | null;
  ptab?: string | null;
}) {
  return search.modal ? (search.ptab ?? undefined) : (search.tab ?? undefined);
}

export const authTabs = { signIn: '1', signUp: '2' } as const;
export const resetPasswordSteps = ['reset', 'send-message', 'code', 'confirm'] as const;
export type ResetPasswordStep = (typeof resetPasswordSteps)[number];
export const walletTabs = ['deposit', 'withdraw'] as const;
export const walletExtensions = ['metamask', 'phantom'] as const;
export type WalletExtension = (typeof walletExtensions)[number];

export function isModalName(value: string | null): value is ModalName {
  return value !== null && (modalNames as readonly string[]).includes(value);
}

/** The page's address with a modal's parameters set (a page's own `tab` gives way to the modal's). */
export function modalHref(
  pathname: string,
  search: URLSearchParams,
  modal: ModalName,
  params: Record<string, string> = {},
): string {
  const next = new URLSearchParams(search);
  const ownTab = search.has('modal') ? search.get(PAGE_TAB_PARAM) : search.get('tab');
  for (const key of MODAL_PARAMS) next.delete(key);
  next.delete(PAGE_TAB_PARAM);
  if (ownTab) next.set(PAGE_TAB_PARAM, ownTab);
  next.set('modal', modal);
  for (const [key, value] of Object.entries(params)) next.set(key, value);
  return `${pathname}?${next.toString()}`;
}

/** The page's address without any modal parameter. */
export function withoutModal(pathname: string, search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  if (next.has('modal')) {
    for (const key of MODAL_PARAMS) next.delete(key);
    const ownTab = next.get(PAGE_TAB_PARAM);
    next.delete(PAGE_TAB_PARAM);
    if (ownTab) next.set('tab', ownTab);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Where a player goes once signed in (spec §4): an explicit return address if it stays on this
 * site (else home), otherwise the page the sign-in modal was opened over.
 */
export function afterSignInHref(pathname: string, search: URLSearchParams): string {
  const returnTo = search.get(RETURN_PARAM);
  return returnTo !== null ? safeReturnPath(returnTo, '/') : withoutModal(pathname, search);
}

export type ModalDecision =
  | { kind: 'none' }
  | { kind: 'show'; modal: ModalName }
  /** Replace the address (the modal is not for this visitor). */
  | { kind: 'redirect'; href: string };

/**
 * What the layer does for the address and the session: signed-in players are sent away from the
 * auth and reset-password modals (spec §2, §6); guests asking for the wallet get the sign-in modal.
 */
export function decideModal(
  pathname: string,
  search: URLSearchParams,
  status: 'loading' | 'authenticated' | 'unauthenticated',
): ModalDecision {
  const name = search.get('modal');
  if (!isModalName(name)) return { kind: 'none' };
  if (status === 'loading') return { kind: 'none' };
  const signedIn = status === 'authenticated';
  if (signedIn && (name === 'auth' || name === 'authRequired')) {
    return { kind: 'redirect', href: afterSignInHref(pathname, search) };
  }
  if (signedIn && name === 'reset-password') {
    return { kind: 'redirect', href: withoutModal(pathname, search) };
  }
  if (!signedIn && name === 'wallet') {
    return {
      kind: 'redirect',
      href: modalHref(pathname, search, 'auth', { tab: authTabs.signIn }),
    };
  }
  return { kind: 'show', modal: name };
}

export type CloseTarget = { kind: 'back' } | { kind: 'replace'; href: string };

/**
 * Where closing a modal goes. authRequired: home. Otherwise the page beneath, unless it is a crypto
 * page (which would only ask again), then home; back through history when the site opened it, so
 * the page's own query (a casino tab) comes back as it was.
 */
export function closeTarget(
  modal: ModalName,
  pathname: string,
  search: URLSearchParams,
  openedInApp: boolean,
): CloseTarget {
  if (modal === 'authRequired') return { kind: 'replace', href: '/' };
  if (modal === 'auth' && isCryptoPath(pathname)) {
    return { kind: 'replace', href: '/' };
  }
  if (openedInApp) return { kind: 'back' };
  return { kind: 'replace', href: withoutModal(pathname, search) };
}
