'use client';

import Cookies from 'js-cookie';
import type { ChatwootIdentity, ChatwootWidget } from '@/lib/schemas/support';
import { readAccessToken, subscribeToken } from '@/lib/api/token-store';

/** The part of Chatwoot's website SDK (`window.$chatwoot`) the panel uses. */
export type ChatwootApi = {
  hasLoaded?: boolean;
  setUser(
    identifier: string,
    user: { name: string; email?: string; avatar_url?: string; identifier_hash: string },
  ): void;
  setCustomAttributes(attributes: Record<string, string | number>): void;
  setLocale(locale: string): void;
  toggle(state?: 'open' | 'close'): void;
  reset(): void;
};

declare global {
  interface Window {
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    chatwootSettings?: Record<string, unknown>;
    $chatwoot?: ChatwootApi;
  }
}

// Which member the browser's Chatwoot cookies belong to: another one's are dropped before the
// SDK starts, so a shared computer never opens the last player's conversation.
const MEMBER_KEY = 'chatwootMember';
const READY_TIMEOUT_MS = 20_000;
// Chatwoot's names for the languages whose code differs from ours.
const CHATWOOT_LOCALES: Record<string, string> = { zh: 'zh_CN' };

export const chatwootLocale = (locale: string) => CHATWOOT_LOCALES[locale] ?? locale;

/** The member this page handed to Chatwoot, while its SDK runs here. */
let identified: string | null = null;

/** This page's CSP nonce, as every script Next wrote carries it. */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * Chatwoot's SDK adds its stylesheet as a <style> element without a nonce, which the page's CSP
 * refuses. Style elements that scripts create get the page's nonce: only scripts the CSP admitted
 * run here, and markup injected into the page is still refused.
 */
let stylesNonced = false;
function nonceScriptStyles(nonce: string) {
  if (stylesNonced || !nonce) return;
  stylesNonced = true;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}

/** The conversation and contact cookies Chatwoot keeps for this inbox. */
function dropChatwootCookies(websiteToken: string) {
  Cookies.remove('cw_conversation');
  Cookies.remove(`cw_user_${websiteToken}`);
}

/** What a run that never became ready left behind, so that a retry starts the SDK afresh. */
function removeChatwoot() {
  for (const element of document.querySelectorAll(
    '.woot-widget-holder, .woot--bubble-holder, #cw-widget-styles',
  )) {
    element.remove();
  }
  delete window.$chatwoot;
  delete window.chatwootSDK;
}

export const chatwootReady = () => Boolean(window.$chatwoot?.hasLoaded);

/** The load under way; a sign-out abandons it, so its late answer changes nothing. */
let loading: { promise: Promise<ChatwootApi>; abandon: () => void } | null = null;

/**
 * Loads Chatwoot's website SDK from the operator's Chatwoot and resolves when its chat window has
 * loaded (`chatwoot:ready`; messages sent to it before are lost). Our own code adds the script, so
 * the page's 'strict-dynamic' CSP admits it. A failure can be retried.
 */
export function loadChatwoot(
  widget: ChatwootWidget,
  locale: string,
  identifier: string,
): Promise<ChatwootApi> {
  // Another member took over this tab since (signed in elsewhere): theirs starts afresh.
  if (identified && identified !== identifier) forgetMember();
  const api = window.$chatwoot;
  if (api && chatwootReady()) return Promise.resolve(api);
  if (loading) return loading.promise;
  if (localStorage.getItem(MEMBER_KEY) !== identifier) dropChatwootCookies(widget.websiteToken);
  const nonce = pageNonce();
  nonceScriptStyles(nonce);
  window.chatwootSettings = {
    // The site's own live-support entries open it: no floating bubble over the pages.
    hideMessageBubble: true,
    showPopoutButton: false,
    position: document.dir === 'rtl' ? 'left' : 'right',
    locale: chatwootLocale(locale),
    type: 'standard',
  };
  const script = document.createElement('script');
  let settle = () => {};
  const promise = new Promise<ChatwootApi>((resolve, reject) => {
    const stop = () => {
      window.clearTimeout(timer);
      window.removeEventListener('chatwoot:ready', ready);
      script.remove();
      if (loading?.promise === promise) loading = null;
    };
    const fail = () => {
      stop();
      removeChatwoot();
      reject(new Error('Chatwoot did not load'));
    };
    const ready = () => {
      stop();
      if (window.$chatwoot) resolve(window.$chatwoot);
      else reject(new Error('Chatwoot did not load'));
    };
    settle = () => {
      stop();
      reject(new Error('Signed out while Chatwoot loaded'));
    };
    const timer = window.setTimeout(fail, READY_TIMEOUT_MS);
    window.addEventListener('chatwoot:ready', ready, { once: true });
    script.src = `${widget.baseUrl}/packs/js/sdk.js`;
    script.async = true;
    script.nonce = nonce;
    script.onload = () => {
      if (!window.chatwootSDK) return fail();
      window.chatwootSDK.run({ websiteToken: widget.websiteToken, baseUrl: widget.baseUrl });
    };
    script.onerror = fail;
  });
  loading = { promise, abandon: () => settle() };
  document.body.appendChild(script);
  return promise;
}

/** Hands Chatwoot the signed member and memberInfo: the agent sees who writes, verified. */
export function identifyMember(
  api: ChatwootApi,
  identity: ChatwootIdentity,
  locale: string,
  frameTitle: string,
) {
  api.setUser(identity.identifier, {
    name: identity.name,
    ...(identity.email ? { email: identity.email } : {}),
    ...(identity.avatarUrl ? { avatar_url: identity.avatarUrl } : {}),
    identifier_hash: identity.identifierHash,
  });
  if (Object.keys(identity.customAttributes).length > 0) {
    api.setCustomAttributes(identity.customAttributes);
  }
  api.setLocale(chatwootLocale(locale));
  // Chatwoot's frame comes without a name; assistive technology announces it by this one.
  document.getElementById('chatwoot_live_chat_widget')?.setAttribute('title', frameTitle);
  identified = identity.identifier;
  localStorage.setItem(MEMBER_KEY, identity.identifier);
}

/**
 * Sign-out (spec §4 clears the support widget): Chatwoot's reset closes its window and drops the
 * contact's cookies; then the SDK leaves the page, so the next member gets a new SDK and frame and
 * nothing of this one (the SDK would send the last setUser again to a reloaded frame).
 */
function forgetMember() {
  localStorage.removeItem(MEMBER_KEY);
  identified = null;
  loading?.abandon();
  const api = window.$chatwoot;
  if (!api) return;
  if (api.hasLoaded) api.reset();
  removeChatwoot();
}

// Registered once this module loads, which is the first time a player opens support: a sign-out
// in this tab or another (the token leaves storage) resets the widget.
if (typeof window !== 'undefined') {
  subscribeToken(() => {
    if (!readAccessToken()) forgetMember();
  });
}
