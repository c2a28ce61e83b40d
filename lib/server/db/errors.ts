import 'server-only';

/**
 * Whether a failed statement broke a unique index (PostgreSQL's 23505), as the driver reports it
 * through Drizzle (the driver's error is the cause) or directly.
 */
export function isUniqueViolation(error: unknown): boolean {
  const direct = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return direct === '23505' || cause === '23505';
}
