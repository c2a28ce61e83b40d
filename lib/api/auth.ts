import type { Challenge } from 'altcha-lib';
import type { z } from 'zod';
import type * as auth from '@/lib/schemas/auth';
import type { SignInData, SignInInput, SignUpData, SignUpInput } from '@/lib/schemas/auth';
import type { settingsSchema } from '@/lib/schemas/player';
import type {
  AuthProviders,
  CurrentUser,
  Profile,
  TwoFactorSetup,
  WalletBalance,
} from '@/lib/schemas/player';
import { apiRequest } from './client';

/** A request body as the browser sends it: the input side of the schema the route parses it with. */
type In<S extends z.ZodType> = z.input<S>;

/** The sign-in surface of the platform, as the site calls it (paths under /api/v1). */
const post = <T>(path: string, body: unknown, locale?: string) =>
  apiRequest<T>(path, { method: 'POST', body, locale });

export const authApi = {
  providers: () => apiRequest<AuthProviders>('/auth/providers'),
  captcha: () => apiRequest<Challenge>('/auth/captcha'),
  signIn: (body: SignInInput, locale?: string) => post<SignInData>('/auth/login', body, locale),
  register: (body: SignUpInput, locale?: string) =>
    post<SignUpData>('/auth/register', body, locale),
  activate: (body: In<typeof auth.activationSchema>, locale?: string) =>
    post<SignInData>('/auth/activate', body, locale),
  resendActivation: (body: In<typeof auth.contactSchema>, locale?: string) =>
    post<{ sent: true }>('/auth/activate/resend', body, locale),
  resetSend: (body: In<typeof auth.contactSchema>, locale?: string) =>
    post<{ sent: true }>('/auth/password-reset/send', body, locale),
  resetVerify: (body: In<typeof auth.passwordResetCodeSchema>, locale?: string) =>
    post<{ valid: true }>('/auth/password-reset/verify', body, locale),
  resetConfirm: (body: In<typeof auth.passwordResetConfirmSchema>, locale?: string) =>
    post<{ reset: true }>('/auth/password-reset/confirm', body, locale),
  evmMessage: (
    wallet: 'metamask' | 'walletconnect',
    body: In<typeof auth.evmMessageSchema>,
    locale?: string,
  ) => post<{ messageToSign: string }>(`/auth/${wallet}/message`, body, locale),
  evmVerify: (
    wallet: 'metamask' | 'walletconnect',
    body: In<typeof auth.evmVerifySchema>,
    locale?: string,
  ) => post<SignInData>(`/auth/${wallet}/verify`, body, locale),
  phantomMessage: (body: In<typeof auth.solanaMessageSchema>, locale?: string) =>
    post<{ messageToSign: string }>('/auth/phantom/message', body, locale),
  phantomVerify: (body: In<typeof auth.solanaVerifySchema>, locale?: string) =>
    post<SignInData>('/auth/phantom/verify', body, locale),
  telegram: (body: In<typeof auth.telegramSchema>, locale?: string) =>
    post<SignInData>('/auth/telegram', body, locale),
  google: (body: In<typeof auth.googleSchema>, locale?: string) =>
    post<SignInData>('/auth/google', body, locale),
  coinbaseUrl: () => apiRequest<string>('/auth/coinbase/url'),
  coinbaseValidate: (body: In<typeof auth.coinbaseValidateSchema>, locale?: string) =>
    post<SignInData>('/auth/coinbase/validate', body, locale),
  logout: () => post<unknown>('/auth/logout', {}),
  twoFactorSetup: (proof: In<typeof auth.twoFactorProofSchema>, locale?: string) =>
    post<TwoFactorSetup>('/auth/2fa/setup', proof, locale),
  twoFactorEnable: (body: In<typeof auth.twoFactorConfirmSchema>, locale?: string) =>
    post<{ twoFactorEnabled: boolean }>('/auth/2fa/enable', body, locale),
  twoFactorDisable: (body: In<typeof auth.twoFactorConfirmSchema>, locale?: string) =>
    post<{ twoFactorEnabled: boolean }>('/auth/2fa/disable', body, locale),
  walletLinkMessage: (body: In<typeof auth.walletLinkMessageSchema>, locale?: string) =>
    post<{ messageToSign: string }>('/users/wallet-link/message', body, locale),
  walletLink: (body: In<typeof auth.walletLinkVerifySchema>, locale?: string) =>
    post<{ publicAddress: string }>('/users/wallet-link', body, locale),
  googleLink: (body: In<typeof auth.googleLinkSchema>, locale?: string) =>
    post<{ linked: true }>('/users/google-link', body, locale),
};

export const playerApi = {
  currentUser: () => apiRequest<CurrentUser>('/users/me'),
  profile: () => apiRequest<Profile>('/users/profile'),
  balances: () => apiRequest<WalletBalance[]>('/wallet/balances'),
  trackRoute: (route: string) => apiRequest('/users/route', { method: 'PATCH', body: { route } }),
  /** Language, fiat view currency, navbar currency: saved to the account so they follow the player. */
  updateSettings: (body: In<typeof settingsSchema>, locale?: string) =>
    apiRequest<Profile>('/users/settings', { method: 'PATCH', body, locale }),
};
