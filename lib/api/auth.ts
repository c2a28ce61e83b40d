import type { Challenge } from 'altcha-lib';
import type { SignInData, SignUpData } from '@/lib/schemas/auth';
import type {
  AuthProviders,
  CurrentUser,
  Profile,
  TwoFactorSetup,
  WalletBalance,
} from '@/lib/schemas/player';
import { apiRequest } from './client';

/** The sign-in surface of the platform, as the site calls it (paths under /api/v1). */
const post = <T>(path: string, body: unknown, locale?: string) =>
  apiRequest<T>(path, { method: 'POST', body, locale });

export const authApi = {
  providers: () => apiRequest<AuthProviders>('/auth/providers'),
  captcha: () => apiRequest<Challenge>('/auth/captcha'),
  signIn: (body: Record<string, unknown>, locale?: string) =>
    post<SignInData>('/auth/login', body, locale),
  register: (body: Record<string, unknown>, locale?: string) =>
    post<SignUpData>('/auth/register', body, locale),
  activate: (body: { type: string; contact: string; code: string }, locale?: string) =>
    post<SignInData>('/auth/activate', body, locale),
  resendActivation: (body: { type: string; contact: string }, locale?: string) =>
    post<{ sent: true }>('/auth/activate/resend', body, locale),
  resetSend: (body: { type: string; contact: string }, locale?: string) =>
    post<{ sent: true }>('/auth/password-reset/send', body, locale),
  resetVerify: (body: { type: string; contact: string; code: string }, locale?: string) =>
    post<{ valid: true }>('/auth/password-reset/verify', body, locale),
  resetConfirm: (body: Record<string, unknown>, locale?: string) =>
    post<{ reset: true }>('/auth/password-reset/confirm', body, locale),
  evmMessage: (
    wallet: 'metamask' | 'walletconnect',
    body: Record<string, unknown>,
    locale?: string,
  ) => post<{ messageToSign: string }>(`/auth/${wallet}/message`, body, locale),
  evmVerify: (
    wallet: 'metamask' | 'walletconnect',
    body: Record<string, unknown>,
    locale?: string,
  ) => post<SignInData>(`/auth/${wallet}/verify`, body, locale),
  phantomMessage: (body: Record<string, unknown>, locale?: string) =>
    post<{ messageToSign: string }>('/auth/phantom/message', body, locale),
  phantomVerify: (body: Record<string, unknown>, locale?: string) =>
    post<SignInData>('/auth/phantom/verify', body, locale),
  telegram: (body: Record<string, unknown>, locale?: string) =>
    post<SignInData>('/auth/telegram', body, locale),
  google: (body: Record<string, unknown>, locale?: string) =>
    post<SignInData>('/auth/google', body, locale),
  coinbaseUrl: () => apiRequest<string>('/auth/coinbase/url'),
  coinbaseValidate: (body: Record<string, unknown>, locale?: string) =>
    post<SignInData>('/auth/coinbase/validate', body, locale),
  logout: () => post<unknown>('/auth/logout', {}),
  twoFactorSetup: (proof: { password?: string }, locale?: string) =>
    post<TwoFactorSetup>('/auth/2fa/setup', proof, locale),
  twoFactorEnable: (body: { code: string; password?: string }, locale?: string) =>
    post<{ twoFactorEnabled: boolean }>('/auth/2fa/enable', body, locale),
  twoFactorDisable: (body: { code: string; password?: string }, locale?: string) =>
    post<{ twoFactorEnabled: boolean }>('/auth/2fa/disable', body, locale),
  walletLinkMessage: (body: { publicAddress: string; chainId?: number }, locale?: string) =>
    post<{ messageToSign: string }>('/users/wallet-link/message', body, locale),
  walletLink: (
    body: { publicAddress: string; messageToSign: string; signature: string },
    locale?: string,
  ) => post<{ publicAddress: string }>('/users/wallet-link', body, locale),
  googleLink: (body: { credential: string; password?: string }, locale?: string) =>
    post<{ linked: true }>('/users/google-link', body, locale),
};

export const playerApi = {
  currentUser: () => apiRequest<CurrentUser>('/users/me'),
  profile: () => apiRequest<Profile>('/users/profile'),
  balances: () => apiRequest<WalletBalance[]>('/wallet/balances'),
  trackRoute: (route: string) => apiRequest('/users/route', { method: 'PATCH', body: { route } }),
};
