import { z } from 'zod';

/** Current user (spec §3 client store): what the site keeps about the signed-in player. */
export type CurrentUser = {
  _id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  coinbaseId: string | null;
  settings: {
    view_in_fiat_object: { currency: string };
    language: string;
    navbarCurrency: string;
  };
  permissions: string[];
};

/** Profile (spec §3), plus what the security page needs. */
export type Profile = {
  memberId: string;
  memberUsername: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  coinbaseId: string | null;
  loginType: string;
  levelInfo: { vipLevel: number; percentageToNextLevel: number };
  settings: { language: string; currency: string; navbarCurrency: string };
  twoFactorEnabled: boolean;
  hasPassword: boolean;
};

export type SupportProfile = {
  memberInfo: {
    memberId: string;
    memberUsername: string;
    agentId: string | null;
    balance: string;
    vipLevel: number;
    totalDepositAmount: string;
    totalWithdrawAmount: string;
    companyIncome: string;
    lastLoginDate: string | null;
    loginType: string;
  };
};

export type WalletBalance = { currency: string; amount: string };

export type AuthProviders = {
  captcha: { provider: 'altcha' } | { provider: 'turnstile' | 'hcaptcha'; siteKey: string };
  metamask: boolean;
  phantom: boolean;
  walletConnect: { projectId: string } | null;
  google: { clientId: string } | null;
  telegram: { botId: string; botName: string | null } | null;
  coinbase: boolean;
  /** The EVM chain wallet sign-in messages name. */
  chainId: number;
};

export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };

export const settingsSchema = z
  .object({
    language: z.string().min(2).max(5).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    navbarCurrency: z
      .string()
      .regex(/^[A-Z0-9]{2,10}$/)
      .optional(),
  })
  .meta({ id: 'PlayerSettings' });
