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

/** The unique index or constraint a failed statement broke, as the driver names it. */
export function violatedConstraint(error: unknown): string | null {
  if (!isUniqueViolation(error)) return null;
  const direct = (error as { constraint?: unknown }).constraint;
  const cause = (error as { cause?: { constraint?: unknown } }).cause?.constraint;
  const name = typeof direct === 'string' ? direct : typeof cause === 'string' ? cause : null;
  return name;
}
