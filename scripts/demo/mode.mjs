// Whether `npm start` runs the demo chain: pure, so the launcher and its tests share the rule.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A site served on this machine only, the one setting where demo money may exist. */
export function isLocalUrl(url) {
  try {
    return LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Settings that mean real money moves: any of them and the demo chain stays off. */
export const REAL_PAYMENT_SETTINGS = [
  'EVM_RPC_URL_ETHEREUM',
  'EVM_RPC_URL_BSC',
  'EVM_RPC_URL_POLYGON',
  'CUSTODIAN',
  'WITHDRAWAL_SIGNER_KEY',
];

/**
 * The demo chain runs when nothing real is configured, `DEV_CHAIN` is not turned off, and the site
 * is served on localhost (like the development outbox): a deployment never meets it.
 */
export function demoChainWanted(env, siteUrl) {
  if (/^(false|0|no|off)$/i.test(env.DEV_CHAIN ?? '')) return false;
  if (REAL_PAYMENT_SETTINGS.some((name) => env[name])) return false;
  return isLocalUrl(siteUrl);
}
