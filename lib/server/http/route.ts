import 'server-only';
import type { z } from 'zod';
import type { OperatorRole } from '@/lib/server/operator/auth';
import type { Limit } from './rate-limit';

export type AuthMode = 'none' | 'optional' | 'required';
export type Schema = z.ZodType | undefined;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Roles = readonly OperatorRole[] | undefined;

/**
 * A response that is a file, not `{ code, data }`: the handler returns a Response with one of these
 * media types as its Content-Type, and the document lists each as `type: string, format: binary`.
 */
export type BinaryResponse = {
  binary: readonly string[];
  description: string;
  /** Headers the file comes with that a client acts on (a download's Content-Disposition). */
  headers?: Readonly<Record<string, string>>;
};

/** Declares a binary response: `response: binary(['image/webp'], 'The avatar')`. */
export function binary(
  mediaTypes: readonly string[],
  description: string,
  headers?: BinaryResponse['headers'],
): BinaryResponse {
  return { binary: mediaTypes, description, ...(headers ? { headers } : {}) };
}

export const isBinary = (response: z.ZodType | BinaryResponse): response is BinaryResponse =>
  'binary' in response;

/** An abuse limit the wrapper counts before the handler runs: per client address or per player. */
export type RouteLimit = { rule: Limit; by: 'ip' | 'player' };

/**
 * Everything a route declares about itself, once: the handler validates, authenticates and limits
 * from it, and the OpenAPI document is built from the very same objects, so the two cannot drift.
 */
export type Route<
  B extends Schema = Schema,
  Q extends Schema = Schema,
  P extends Schema = Schema,
  A extends AuthMode = AuthMode,
  O extends Roles = Roles,
> = {
  method: Method;
  /** Under /api/v1, in OpenAPI form (`/games/{slug}`), matching the route folder. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth?: A;
  /** An operator route: the roles allowed (through operatorAuth, lib/server/operator). */
  operator?: O;
  body?: B;
  query?: Q;
  params?: P;
  limits?: readonly RouteLimit[];
  /**
   * A restricted session (opened during a break) is refused by every signed-in route unless it
   * says `allow` (balance, withdrawals, the account's own data); on an optional route it counts
   * as a guest, unless the route says `refuse` (real play).
   */
  restricted?: 'allow' | 'refuse';
  /** What `data` holds in the JSON answer, or the file a binary route answers instead. */
  response: z.ZodType | BinaryResponse;
};

/** Declares a route; the identity keeps each schema's own type for the handler's context. */
export function route<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  A extends AuthMode = 'none',
  const O extends Roles = undefined,
>(declaration: Route<B, Q, P, A, O>): Route<B, Q, P, A, O> {
  return declaration;
}
