import {
  themeColorPresets,
  themeContrasts,
  themeDirections,
  themeLayouts,
  themeModes,
} from '@/lib/settings/display-settings';
import { restrictionSchema } from './protection';
import { fiatCurrencies } from './rates';
import { z } from 'zod';
import { oddsFormats } from '@/lib/sportsbook/odds';

/** Current user (spec §3 client store): what the site keeps about the signed-in player. */
export const currentUserSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    avatar: z.string().nullable(),
    coinbaseId: z.string().nullable(),
    settings: z.object({
      view_in_fiat_object: z.object({ currency: z.string() }),
      language: z.string(),
      navbarCurrency: z.string(),
    }),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Profile (spec §3), plus what the security page needs. */
/** The display settings saved to the account (spec §3 less the language, a setting of its own). */
export const accountDisplaySchema = z
  .object({
    themeMode: z.enum(themeModes),
    themeDirection: z.enum(themeDirections),
    themeContrast: z.enum(themeContrasts),
    themeColorPresets: z.enum(themeColorPresets),
    themeLayout: z.enum(themeLayouts),
    // Saved before the sportsbook had it: decimal.
    oddsFormat: z.enum(oddsFormats).default('decimal'),
  })
  .meta({ id: 'AccountDisplay' });
export type AccountDisplay = z.infer<typeof accountDisplaySchema>;

export const profileSchema = z
  .object({
    memberId: z.string(),
    memberUsername: z.string(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    coinbaseId: z.string().nullable(),
    loginType: z.string(),
    levelInfo: z.object({ vipLevel: z.number().int(), percentageToNextLevel: z.number() }),
    settings: z.object({
      language: z.string(),
      currency: z.string(),
      navbarCurrency: z.string(),
      hideName: z.boolean(),
      marketingEmail: z.boolean(),
      marketingSms: z.boolean(),
      signInAlerts: z.boolean(),
      display: accountDisplaySchema.nullable(),
    }),
    twoFactorEnabled: z.boolean(),
    hasPassword: z.boolean(),
    /** The EVM wallet linked to the account (by its signature), checksummed. */
    walletAddress: z.string().nullable(),
    googleConnected: z.boolean(),
    /** A time-out, self-exclusion or closure in force (player protection). */
    restriction: restrictionSchema.nullable(),
    /** This session was opened during one: balance and withdrawals only. */
    restrictedSession: z.boolean(),
    /** When the account was opened and last signed into (ISO). */
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    /** Withdrawals wait until then after a change of email, phone or password, or 2FA turned off (null: open). */
    withdrawalsHeldUntil: z.string().nullable(),
    /** Reality check every N minutes (null: off). */
    realityCheckMinutes: z.number().int().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** Support widget data (spec §3): data.memberInfo. */
export const supportProfileSchema = z
  .object({
    memberInfo: z.object({
      memberId: z.string(),
      memberUsername: z.string(),
      agentId: z.string().nullable(),
      balance: z.string(),
      withdrawOnlyBalance: z
        .string()
        .describe(
          'Money that can only be withdrawn (a deposit past a limit or during a break), every currency holding some ("80.000000 USDT"); "0" when none',
        ),
      vipLevel: z.number().int(),
      totalDepositAmount: z.string(),
      totalWithdrawAmount: z.string(),
      companyIncome: z.string(),
      lastLoginDate: z.string().nullable(),
      loginType: z.string(),
    }),
  })
  .meta({ id: 'SupportProfile' });
export type SupportProfile = z.infer<typeof supportProfileSchema>;

export const walletBalanceSchema = z
  .object({
    currency: z.string(),
    amount: z.string(),
    /** Money that can only be withdrawn (a deposit past a limit or during a break); absent when none. */
    withdrawOnly: z.string().optional(),
  })
  .meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const authProvidersSchema = z
  .object({
    captcha: z.union([
      z.object({ provider: z.literal('altcha') }),
      z.object({ provider: z.enum(['turnstile', 'hcaptcha']), siteKey: z.string() }),
    ]),
    metamask: z.boolean(),
    phantom: z.boolean(),
    walletConnect: z.object({ projectId: z.string(), relayUrl: z.string().nullable() }).nullable(),
    google: z.object({ clientId: z.string() }).nullable(),
    telegram: z.object({ botId: z.string(), botName: z.string().nullable() }).nullable(),
    coinbase: z.boolean(),
    /** The EVM chain wallet sign-in messages name. */
    chainId: z.number().int(),
    /** How wallets (WalletConnect) name the site to the player. */
    siteName: z.string(),
  })
  .meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export const twoFactorSetupSchema = z
  .object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const settingsSchema = z
  .object({
    language: z.string().min(2).max(5).optional(),
    /** The fiat currency amounts are viewed in (settings.view_in_fiat_object.currency). */
    currency: z.enum(fiatCurrencies).optional(),
    navbarCurrency: z
      .string()
      .regex(/^[A-Z0-9]{2,10}$/)
      .optional(),
    /** Privacy: hide my name in public bet feeds and leaderboards. */
    hideName: z.boolean().optional(),
    marketingEmail: z.boolean().optional(),
    marketingSms: z.boolean().optional(),
    /** Security: an email on a sign-in from a new device. */
    signInAlerts: z.boolean().optional(),
    display: accountDisplaySchema.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'settingsEmpty',
  })
  .meta({ id: 'PlayerSettings' });
