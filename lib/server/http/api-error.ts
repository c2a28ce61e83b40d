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
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
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
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.status = apiErrorCodes[code];
  }
}
