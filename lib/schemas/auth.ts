import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { locales } from '@/lib/i18n/locales';

/**
 * Sign-in and sign-up rules (spec §3, §5), shared by the dialog's forms and the route handlers.
 * Custom messages are keys of the `validation` namespace in messages/: the forms translate them
 * with next-intl, the API with the request's language.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const COINBASE_TOKEN_MIN = 5;

export const emailField = z
  .string({ error: 'emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, 'emailRequired')
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'));

/** A phone number in international form (+ and digits), as the country picker and number make it. */
export const phoneField = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .refine((v) => /^\+\d{6,15}$/.test(v) && isValidPhoneNumber(v), 'phoneInvalid');

/** Sign-in checks only presence: a wrong password is the server's answer, not a format error. */
export const signInPasswordField = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .max(PASSWORD_MAX, 'passwordMax');

export const newPasswordField = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .min(PASSWORD_MIN, 'passwordMin')
  .max(PASSWORD_MAX, 'passwordMax')
  .regex(/\d/, 'passwordDigit');

export const codeField = z
  .string({ error: 'codeRequired' })
  .trim()
  .min(1, 'codeRequired')
  .regex(/^\d{6}$/, 'codeFormat');

export const twoFactorCodeField = z
  .string({ error: 'twoFactorRequired' })
  .trim()
  .min(1, 'twoFactorRequired')
  .regex(/^\d{6}$/, 'twoFactorFormat');

/** Referral / promotion code: what the proxy accepts from a `?ref=` link. Blank means none. */
export const promotionCodeField = z
  .string()
  .trim()
  .max(32, 'promotionCodeInvalid')
  .regex(/^[A-Za-z0-9_-]*$/, 'promotionCodeInvalid')
  .optional()
  .transform((v) => v || undefined);

export const contactType = z.enum(['email', 'phone']);

/** Password sign-in (spec §3): email or phone, password, optional twoFactorCode. */
export const signInSchema = z
  .object({
    email: emailField.optional(),
    phone: phoneField.optional(),
    password: signInPasswordField,
    twoFactorCode: twoFactorCodeField.optional(),
    /** Needed once an account saw ten failed passwords in 15 minutes (answer CAPTCHA_REQUIRED). */
    captcha: z.string().max(20_000).optional(),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.phone), {
    message: 'emailOrPhoneRequired',
    path: ['email'],
  })
  // What the refine above enforces, said in the OpenAPI document: exactly one of the two.
  .meta({ id: 'SignIn', oneOf: [{ required: ['email'] }, { required: ['phone'] }] });

/** The new password typed twice: the second must be the first (sign-up, reset). */
const isSamePassword = (v: { password: string; repeatPassword: string }) =>
  v.repeatPassword === v.password;
const samePasswordIssue = { message: 'passwordsDiffer', path: ['repeatPassword'] };

/** A new password and its repetition, as the reset's last step and the account page ask for them. */
export const passwordPairSchema = z
  .object({ password: newPasswordField, repeatPassword: z.string({ error: 'passwordRequired' }) })
  .refine(isSamePassword, samePasswordIssue);

/** Sign-up (spec §3): email or phone by isEmail, repeatPassword equal to password, captcha. */
export const signUpSchema = z
  .object({
    isEmail: z.boolean(),
    email: emailField.optional(),
    phone: phoneField.optional(),
    password: newPasswordField,
    repeatPassword: z.string({ error: 'passwordRequired' }),
    language: z.enum(locales).default('en'),
    promotionCode: promotionCodeField,
    captcha: z.string({ error: 'captchaRequired' }).min(1, 'captchaRequired').max(20_000),
  })
  .refine(isSamePassword, samePasswordIssue)
  .refine((v) => (v.isEmail ? Boolean(v.email) : Boolean(v.phone)), {
    message: 'emailOrPhoneRequired',
    path: ['email'],
  })
  .meta({ id: 'SignUp' });

/**
 * A contact as the code calls name it: `type` says which, and `contact` must be a valid email or
 * phone of that type (a malformed one is bad input, refused before any quota counts it).
 */
const contactFields = { type: contactType, contact: z.string().trim().min(1).max(254) };
function contactRule(v: { type: 'email' | 'phone'; contact: string }, ctx: z.RefinementCtx) {
  const field = v.type === 'email' ? emailField : phoneField;
  const parsed = field.safeParse(v.contact);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', path: ['contact'], message: parsed.error.issues[0]!.message });
  }
}

/** Activation (spec §3): type, contact, code. Completes registration and signs the player in. */
export const activationSchema = z
  .object({ ...contactFields, code: codeField })
  .superRefine(contactRule)
  .meta({ id: 'Activation' });

export const contactSchema = z
  .object({ ...contactFields, captcha: z.string().max(20_000).optional() })
  .superRefine(contactRule)
  .meta({ id: 'Contact' });

export const passwordResetCodeSchema = z
  .object({ ...contactFields, code: codeField })
  .superRefine(contactRule)
  .meta({ id: 'PasswordResetCode' });

export const passwordResetConfirmSchema = z
  .object({
    ...contactFields,
    code: codeField,
    password: newPasswordField,
    repeatPassword: z.string({ error: 'passwordRequired' }),
  })
  .superRefine(contactRule)
  .refine(isSamePassword, samePasswordIssue)
  .meta({ id: 'PasswordResetConfirm' });

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'addressInvalid');
/** base58, 32 bytes: 32 to 44 characters of the Bitcoin alphabet. */
const solanaAddress = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'addressInvalid');

/** Metamask / WalletConnect step 1: the address; answers data.messageToSign (EIP-4361). */
export const evmMessageSchema = z
  .object({
    publicAddress: evmAddress,
    chainId: z.number().int().positive().optional(),
    promotionCode: promotionCodeField,
  })
  .meta({ id: 'EvmSignInMessage' });

export const evmVerifySchema = z
  .object({
    publicAddress: evmAddress,
    messageToSign: z.string().min(1).max(4000),
    signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'signatureInvalid'),
    twoFactorCode: twoFactorCodeField.optional(),
  })
  .meta({ id: 'EvmSignInVerify' });

/** Linking a wallet to the signed-in player: the same SIWE steps, without sign-in extras. */
export const walletLinkMessageSchema = z
  .object({ publicAddress: evmAddress, chainId: z.number().int().positive().optional() })
  .meta({ id: 'WalletLinkMessage' });

export const walletLinkVerifySchema = z
  .object({
    publicAddress: evmAddress,
    messageToSign: z.string().min(1).max(4000),
    signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'signatureInvalid'),
  })
  .meta({ id: 'WalletLinkVerify' });

/** Phantom step 1: publicKey (base58), promotionCode, optional twoFactorCode. */
export const solanaMessageSchema = z
  .object({
    publicKey: solanaAddress,
    promotionCode: promotionCodeField,
    twoFactorCode: twoFactorCodeField.optional(),
  })
  .meta({ id: 'PhantomSignInMessage' });

export const solanaVerifySchema = z
  .object({
    publicKey: solanaAddress,
    messageToSign: z.string().min(1).max(4000),
    /** The ed25519 signature, base58 as Phantom's adapters give it. */
    signature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,100}$/, 'signatureInvalid'),
  })
  .meta({ id: 'PhantomSignInVerify' });

/** Telegram login widget (spec §3 fields plus the widget's authDate and hash, which prove it). */
export const telegramSchema = z
  .object({
    telegramId: z
      .union([z.string().regex(/^\d{1,20}$/), z.number().int().positive()])
      .transform(String),
    telegramUser: z.string().max(64).optional(),
    name: z.string().max(128).optional(),
    lastName: z.string().max(128).optional(),
    photoUrl: z.string().max(1000).optional(),
    authDate: z.number().int().positive(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    promotionCode: promotionCodeField,
    twoFactorCode: twoFactorCodeField.optional(),
  })
  .meta({ id: 'TelegramSignIn' });

export const googleSchema = z
  .object({
    credential: z.string().min(20).max(8000),
    twoFactorCode: twoFactorCodeField.optional(),
    promotionCode: promotionCodeField,
  })
  .meta({ id: 'GoogleSignIn' });

/** Connecting Google to the signed-in player: a fresh credential and the player's proof. */
export const googleLinkSchema = z
  .object({
    credential: z.string().min(20).max(8000),
    password: z.string().min(1, 'passwordRequired').max(PASSWORD_MAX, 'passwordMax').optional(),
  })
  .meta({ id: 'GoogleLink' });

/**
 * Coinbase validation (spec §3, §5): `accessToken` is the platform's one-time sign-in code the
 * callback put in the address (at least 5 characters); `publicAddress` is accepted and never linked.
 */
export const coinbaseValidateSchema = z
  .object({
    accessToken: z.string().min(COINBASE_TOKEN_MIN, 'coinbaseTokenMin').max(4000),
    publicAddress: z.union([evmAddress, z.literal('')]).optional(),
    twoFactorCode: twoFactorCodeField.optional(),
    promotionCode: promotionCodeField,
  })
  .meta({ id: 'CoinbaseValidate' });

/**
 * Turning 2FA on or off needs the current password (players who have one) or a sign-in in the
 * last five minutes: a token read from localStorage alone is not enough.
 */
const currentPasswordField = z.string().min(1, 'passwordRequired').max(PASSWORD_MAX, 'passwordMax');

export const twoFactorProofSchema = z
  .object({ password: currentPasswordField.optional() })
  .meta({ id: 'TwoFactorProof' });

export const twoFactorConfirmSchema = z
  .object({ code: twoFactorCodeField, password: currentPasswordField.optional() })
  .meta({ id: 'TwoFactorCode' });

/** Track current route (spec §7): the full page address. */
export const trackRouteSchema = z
  .object({ route: z.string().min(1).max(2000) })
  .meta({ id: 'TrackRoute' });

/** Sign-in answer (spec §3): token and stream token, or two_factor_enabled and no token yet. */
export const signInDataSchema = z
  .object({
    token: z.string().nullable(),
    getStreamToken: z.string().nullable(),
    /**
     * The platform socket's own token when getStreamToken is GetStream's (STREAM_API_KEY set);
     * otherwise the same as getStreamToken.
     */
    socketToken: z.string().nullable().optional(),
    two_factor_enabled: z.boolean(),
    email: z.string().nullable(),
  })
  .meta({ id: 'SignInData' });
export type SignInData = z.infer<typeof signInDataSchema>;

export const signUpDataSchema = z
  .object({ type: contactType, contact: z.string(), activationRequired: z.literal(true) })
  .meta({ id: 'SignUpData' });
export type SignUpData = z.infer<typeof signUpDataSchema>;

export const walletMessageDataSchema = z
  .object({ messageToSign: z.string() })
  .meta({ id: 'WalletSignInMessage' });

/** The OAuth provider's redirect back: a code and our state, or an error. */
export const coinbaseCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});

/** What the browser sends (before parsing) … */
export type SignInInput = z.input<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;

/** … and what the server works with once the same schema has parsed it. */
export type SignInBody = z.output<typeof signInSchema>;
export type SignUpBody = z.output<typeof signUpSchema>;
export type ContactBody = z.output<typeof contactSchema>;
export type ActivationBody = z.output<typeof activationSchema>;
export type PasswordResetCodeBody = z.output<typeof passwordResetCodeSchema>;
export type PasswordResetConfirmBody = z.output<typeof passwordResetConfirmSchema>;
export type EvmMessageBody = z.output<typeof evmMessageSchema>;
export type EvmVerifyBody = z.output<typeof evmVerifySchema>;
export type WalletLinkMessageBody = z.output<typeof walletLinkMessageSchema>;
export type WalletLinkVerifyBody = z.output<typeof walletLinkVerifySchema>;
export type SolanaMessageBody = z.output<typeof solanaMessageSchema>;
export type SolanaVerifyBody = z.output<typeof solanaVerifySchema>;
export type TelegramBody = z.output<typeof telegramSchema>;
export type GoogleBody = z.output<typeof googleSchema>;
export type GoogleLinkBody = z.output<typeof googleLinkSchema>;
export type CoinbaseValidateBody = z.output<typeof coinbaseValidateSchema>;
export type CoinbaseCallbackQuery = z.output<typeof coinbaseCallbackQuerySchema>;
