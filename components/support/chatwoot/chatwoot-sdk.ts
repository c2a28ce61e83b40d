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

/** This page's CSP nonce, as every script Next wrote carries it. */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/** The conversation and contact cookies Chatwoot keeps for this inbox. */
function dropChatwootCookies(websiteToken: string) {
  Cookies.remove('cw_conversation');
  Cookies.remove(`cw_user_${websiteToken}`);
}

let loading: Promise<ChatwootApi> | null = null;

/**
 * Loads Chatwoot's website SDK from the operator's Chatwoot, once, and resolves when its chat
 * window has loaded. Our own code adds the script, so the page's 'strict-dynamic' CSP admits it;
 * the nonce block lets the SDK's style tag through. A failure can be retried.
 */
export const chatwootReady = () => Boolean(window.$chatwoot?.hasLoaded);

export function loadChatwoot(
  widget: ChatwootWidget,
  locale: string,
  identifier: string,
): Promise<ChatwootApi> {
  if (window.$chatwoot && chatwootReady()) return Promise.resolve(window.$chatwoot);
  if (loading) return loading;
  if (localStorage.getItem(MEMBER_KEY) !== identifier) dropChatwootCookies(widget.websiteToken);
  const nonce = pageNonce();
  if (!document.getElementById('csp_nonce')) {
    const block = document.createElement('script');
    block.id = 'csp_nonce';
    block.type = 'application/json';
    block.textContent = JSON.stringify(nonce);
    document.head.appendChild(block);
  }
  window.chatwootSettings = {
    // The site's own live-support entries open it: no floating bubble over the pages.
    hideMessageBubble: true,
    showPopoutButton: false,
    position: document.dir === 'rtl' ? 'left' : 'right',
    locale: chatwootLocale(locale),
    type: 'standard',
  };
  const script = document.createElement('script');
  loading = new Promise<ChatwootApi>((resolve, reject) => {
    const fail = () => {
      window.clearTimeout(timer);
      window.removeEventListener('chatwoot:ready', ready);
      script.remove();
      loading = null;
      reject(new Error('Chatwoot did not load'));
    };
    const ready = () => {
      window.clearTimeout(timer);
      if (window.$chatwoot) resolve(window.$chatwoot);
      else fail();
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
    document.body.appendChild(script);
  });
  return loading;
}

/** Hands Chatwoot the signed member and memberInfo: the agent sees who writes, verified. */
export function identifyMember(api: ChatwootApi, identity: ChatwootIdentity, locale: string) {
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
  localStorage.setItem(MEMBER_KEY, identity.identifier);
}

/** Sign-out (spec §4 clears the support widget): the contact and its conversation are forgotten. */
function forgetMember() {
  if (!localStorage.getItem(MEMBER_KEY)) return;
  localStorage.removeItem(MEMBER_KEY);
  window.$chatwoot?.reset();
}

// Registered once this module loads, which is the first time a player opens support: a sign-out
// in this tab or another (the token leaves storage) resets the widget.
if (typeof window !== 'undefined') {
  subscribeToken(() => {
    if (!readAccessToken()) forgetMember();
  });
}
