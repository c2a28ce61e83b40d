/**
 * Runs in <head> before any other script: takes the one-time `access_token` the Coinbase callback
 * put in the address, keeps it in memory for the callback component, and removes it from the
 * address bar — so route tracking, the error log, history and referrers never see it.
 */
const CATCH_SIGN_IN_CODE = `(function(){try{var u=new URL(location.href);var c=u.searchParams.get('access_token');if(c===null)return;u.searchParams.delete('access_token');history.replaceState(history.state,'',u.pathname+u.search+u.hash);window.__signInCode=c;}catch(e){}})();`;

declare global {
  interface Window {
    /** Set by the head script, taken (once) by the Coinbase callback. */
    __signInCode?: string;
  }
}

export function SignInCodeCatcher({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CATCH_SIGN_IN_CODE }} />;
}

/** The code the head script caught, once; later calls get null. */
export function takeSignInCode(): string | null {
  const code = window.__signInCode ?? null;
  delete window.__signInCode;
  return code;
}

/** Whether this page load came back from Coinbase with a code (without taking it). */
export function hasSignInCode(): boolean {
  return window.__signInCode !== undefined;
}
