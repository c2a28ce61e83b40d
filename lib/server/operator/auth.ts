import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import { bearerToken } from '@/lib/server/auth/session';
import { ApiError } from '@/lib/server/http/api-error';

/** What staff may be allowed to do; each operator route lists the roles it accepts. */
export const operatorRoles = ['admin', 'support', 'payments', 'risk'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** Who is acting: today the automation key (an admin); staff sessions join with the back office. */
export type OperatorActor = { id: string; role: OperatorRole };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The one door of the operator API. With no OPERATOR_TOKEN configured it does not exist (404); a
 * missing or wrong key is 401 (compared in constant time, over digests so the length leaks
 * nothing); an actor whose role the route does not list is 403.
 */
export function operatorAuth(request: Request, allowed: readonly OperatorRole[]): OperatorActor {
  if (!config.OPERATOR_TOKEN) throw new ApiError('NOT_FOUND');
  const given = bearerToken(request);
  if (!given || !timingSafeEqual(digest(given), digest(config.OPERATOR_TOKEN))) {
    throw new ApiError('UNAUTHORIZED');
  }
  const actor: OperatorActor = { id: 'token:automation', role: 'admin' };
  if (!allowed.includes(actor.role)) throw new ApiError('FORBIDDEN');
  return actor;
}
