import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import type { OperatorRole } from '@/lib/schemas/operator';
import { bearerToken } from '@/lib/server/auth/session';
import { ApiError } from '@/lib/server/http/api-error';
import { staffActor } from '@/lib/server/staff/sessions';

export { operatorRoles, type OperatorRole } from '@/lib/schemas/operator';

/**
 * Who is acting: the automation key (an admin, `token:automation`) or a staff account signed into
 * the back office (`staff:<id>`, with its name, which players see on support replies).
 */
export type OperatorActor = { id: string; role: OperatorRole; staffId?: string; name?: string };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The automation key: 404 while unset, 401 when wrong (constant time, over digests). */
function automation(request: Request): OperatorActor {
  if (!config.OPERATOR_TOKEN) throw new ApiError('NOT_FOUND');
  const given = bearerToken(request);
  if (!given || !timingSafeEqual(digest(given), digest(config.OPERATOR_TOKEN))) {
    throw new ApiError('UNAUTHORIZED');
  }
  return { id: 'token:automation', role: 'admin' };
}

/**
 * A browser sends the staff cookie with whatever request a page makes: a change is taken only from
 * the back office's own pages (the Origin a browser cannot forge), on top of SameSite=Strict.
 */
function assertOwnOrigin(request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.get('origin');
  // On its own host, the back office's origin alone: a page of the player site (same site, other
  // origin) must not post with the staff cookie.
  const own = (
    config.OPERATOR_ORIGIN ? [config.OPERATOR_ORIGIN] : [config.SITE_URL, request.url]
  ).map((o) => new URL(o).origin);
  if (!origin || !own.includes(origin)) throw new ApiError('FORBIDDEN');
}

/**
 * The one door of the operator API: a bearer key (automation) or a back-office session cookie
 * (staff). An actor whose role the route does not list is 403.
 */
export async function operatorAuth(
  request: Request,
  allowed: readonly OperatorRole[],
): Promise<OperatorActor> {
  let actor: OperatorActor | null = null;
  if (!bearerToken(request)) {
    actor = await staffActor(request);
    if (actor) assertOwnOrigin(request);
  }
  actor ??= automation(request);
  if (!allowed.includes(actor.role)) throw new ApiError('FORBIDDEN');
  return actor;
}
