import 'server-only';

/** Error codes the platform answers with; each has a localized message under `apiErrors` in messages/. */
export const apiErrorCodes = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_SIGN_IN_ATTEMPTS: 429,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_ACTIVATED: 403,
  ACCOUNT_BLOCKED: 403,
  ACCOUNT_EXISTS: 409,
  INVALID_2FA: 400,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  INVALID_CODE: 400,
  CODE_ATTEMPTS_EXCEEDED: 429,
  INVALID_PASSWORD: 400,
  PASSWORD_CONFIRMATION_REQUIRED: 403,
  RECENT_SIGN_IN_REQUIRED: 403,
  IDENTITY_LINKED_ELSEWHERE: 409,
  GOOGLE_LINK_REQUIRED: 409,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  INVALID_WALLET_MESSAGE: 400,
  INVALID_SIGNATURE: 401,
  TELEGRAM_AUTH_INVALID: 401,
  TELEGRAM_AUTH_EXPIRED: 401,
  GOOGLE_TOKEN_INVALID: 401,
  COINBASE_AUTH_FAILED: 401,
  PROVIDER_NOT_CONFIGURED: 404,
  ACCOUNT_RESTRICTED: 403,
  PLAY_RESTRICTED: 403,
  WAGER_LIMIT_REACHED: 403,
  LOSS_LIMIT_REACHED: 403,
  DEPOSIT_LIMIT_REACHED: 403,
  DEPOSIT_LIMIT_EXCEEDED: 403,
  WITHDRAWAL_HOLD: 403,
  USERNAME_TAKEN: 409,
  USERNAME_CHANGE_TOO_SOON: 429,
  CONTACT_IN_USE: 409,
  WITHDRAWAL_CAP_DAY: 403,
  WITHDRAWAL_CAP_MONTH: 403,
  KYC_LEVEL_REQUIRED: 409,
  KYC_LEVEL_LOCKED: 409,
  RECEIVABLE_OUTSTANDING: 409,
  LAST_ADMIN: 409,
  FOUR_EYES: 403,
  LIMIT_NOT_TIGHTER: 409,
  BET_BELOW_MINIMUM: 400,
  MAX_WIN_EXCEEDED: 400,
  SEED_ROTATION_BLOCKED: 409,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  BUSY: 503,
  DELIVERY_UNAVAILABLE: 503,
  DEPOSITS_UNAVAILABLE: 503,
  WITHDRAWALS_UNAVAILABLE: 503,
} as const;

export type ApiErrorCode = keyof typeof apiErrorCodes;

/**
 * A failure the client should see. `detail` is appended to the localized message (for example,
 * which field failed validation); `values` fill placeholders in it.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    readonly detail?: string,
    readonly values?: Record<string, string | number>,
    /** Seconds the client should wait before trying again (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.status = apiErrorCodes[code];
  }
}
