import 'server-only';
import { config } from '@/lib/config';
import type { AuthProviders } from '@/lib/schemas/player';
import { captchaSettings } from './captcha';
import { coinbaseConfigured } from './methods/coinbase';

/**
 * Which sign-in methods this platform can verify. The dialog shows a button only for these (and,
 * for browser wallets, only when the extension is present); with no configuration they hide.
 */
export function authProviders(): AuthProviders {
  const bot = config.TELEGRAM_BOT_TOKEN;
  return {
    captcha: captchaSettings(),
    metamask: true,
    phantom: true,
    walletConnect: config.WALLETCONNECT_PROJECT_ID
      ? {
          projectId: config.WALLETCONNECT_PROJECT_ID,
          relayUrl: config.WALLETCONNECT_RELAY_URL ?? null,
        }
      : null,
    google: config.GOOGLE_CLIENT_ID ? { clientId: config.GOOGLE_CLIENT_ID } : null,
    telegram: bot ? { botId: bot.split(':')[0]!, botName: config.TELEGRAM_BOT_NAME ?? null } : null,
    coinbase: coinbaseConfigured(),
    chainId: config.SIWE_CHAIN_IDS[0]!,
    siteName: config.SITE_NAME,
  };
}
