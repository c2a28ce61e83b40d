import 'server-only';
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { findPlayer, type Player } from '@/lib/server/players/store';
import { authenticate, type SessionUser } from '@/lib/server/auth/session';
import { operatorAuth, type OperatorActor } from '@/lib/server/operator/auth';
import { ApiError } from './api-error';
import { apiTranslator, validationText, zodErrorMap } from './locale';
import { hitLimit } from './rate-limit';
import { readBody } from './read-body';
import { requestMeta, type RequestMeta } from './request-meta';
import type { AuthMode, Roles, Route, Schema } from './route';

type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
type UserFor<A extends AuthMode> = A extends 'required'
  ? SessionUser
  : A extends 'optional'
    ? SessionUser | null
    : null;
type PlayerFor<A extends AuthMode> = A extends 'required' ? Player : Player | null;
type ActorFor<O extends Roles> = O extends readonly unknown[] ? OperatorActor : null;

/**
 * A published route is a full `Route` (lib/server/<domain>/routes.ts); the few internal ones (the
 * catch-all 404, the document itself, the dev outbox) give only what the wrapper needs.
 */
export type HandlerOptions<
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends AuthMode,
  O extends Roles = undefined,
> =
  | Route<B, Q, P, A, O>
  | Pick<
      Route<B, Q, P, A, O>,
      'body' | 'query' | 'params' | 'auth' | 'limits' | 'operator' | 'restricted'
    >;

export type HandlerContext<
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends AuthMode,
  O extends Roles = undefined,
> = {
  request: Request;
  meta: RequestMeta;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  user: UserFor<A>;
  /** The signed-in player's row, read on first call (null when nobody is signed in). */
  player: () => Promise<PlayerFor<A>>;
  /** On an operator route, who is acting (the route's roles already checked). */
  actor: ActorFor<O>;
};

/** A route handler that still carries its declaration, so tests can hold it to its route folder. */
export type RouteHandler = ((request: Request, context?: RouteContext) => Promise<Response>) & {
  route: HandlerOptions<Schema, Schema, Schema, AuthMode, Roles>;
};

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const MAX_BODY_BYTES = 1_000_000;

/** Below this an answer goes out as it is (Next's compression has the same threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Next drops a route's Content-Length and gzips every JSON answer it cannot size, 200 bytes too:
 * the answer grew and each call took a trip through libuv's thread pool (bench/README.md). A small
 * answer says `no-transform`, which Next's compression (and any proxy's) honours.
 */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const text = JSON.stringify(body);
  const small = Buffer.byteLength(text) < COMPRESS_FROM_BYTES;
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': small ? 'no-store, no-transform' : 'no-store',
      ...headers,
    },
  });
}

function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: Locale,
  where: string,
): z.output<S> {
  const result = schema.safeParse(input, { error: zodErrorMap(locale) });
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first?.path.length ? first.path.join('.') : where;
  const message = validationText(locale, first?.message ?? '');
  throw new ApiError('VALIDATION_ERROR', `${field}: ${message}`.trim());
}

/** The body as UTF-8 text, within the size limit. */
async function readLimited(request: Request, limit: number): Promise<string> {
  const bytes = await readBody(request, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('INVALID_JSON');
  }
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('INVALID_JSON');
  }
}

function errorResponse(error: unknown, locale: Locale): Response {
  const t = apiTranslator(locale);
  if (error instanceof ApiError) {
    const base = t(error.code, error.values ?? {});
    const message = error.detail ? `${base} (${error.detail})` : base;
    const headers = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : undefined;
    return json({ code: error.code, error: { message } }, error.status, headers);
  }
  if ((error as { code?: string })?.code === 'ECONNRESET') {
    // The client went away mid-request: nothing to answer and nothing wrong here.
    logger.debug({ err: error }, 'request aborted by the client');
  } else {
    logger.error({ err: error }, 'unhandled error in route handler');
  }
  return json({ code: 'INTERNAL_ERROR', error: { message: t('INTERNAL_ERROR') } }, 500);
}

/** A sign-in that gave this browser its device id hands the cookie over with its answer. */
function withDevice(response: Response, meta: RequestMeta): Response {
  const cookie = meta.device?.setCookie();
  if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** The signed-in player's row, read once and only when the route asks for it. */
function lazyPlayer(user: SessionUser | null): () => Promise<Player | null> {
  let loaded: Promise<Player | null> | undefined;
  return () =>
    (loaded ??= user
      ? findPlayer('id', user.id).then((player) => {
          if (!player) throw new ApiError('UNAUTHORIZED');
          return player;
        })
      : Promise.resolve(null));
}

/** A restricted session reaches only the routes that allow it; elsewhere it is refused or a guest. */
function restrictedView(
  user: SessionUser | null,
  auth: AuthMode,
  restricted: 'allow' | 'refuse' | undefined,
): SessionUser | null {
  if (user?.scope !== 'restricted' || restricted === 'allow') return user;
  if (auth === 'required' || restricted === 'refuse') throw new ApiError('ACCOUNT_RESTRICTED');
  return null;
}

/**
 * The one wrapper every route handler goes through: counts the route's abuse limits, resolves the
 * session, validates input with zod, answers `{ code: 'success', data }`, and turns every failure
 * into `{ code, error: { message } }`. A handler may return a Response to answer something other
 * than JSON data.
 */
export function handler<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  A extends AuthMode = 'none',
  O extends Roles = undefined,
>(
  options: HandlerOptions<B, Q, P, A, O>,
  fn: (ctx: HandlerContext<B, Q, P, A, O>) => Promise<unknown> | unknown,
): RouteHandler {
  const run = async (request: Request, context?: RouteContext): Promise<Response> => {
    const meta = requestMeta(request);
    const { locale } = meta;
    try {
      // The operator API answers 404 to anyone without a staff session until OPERATOR_TOKEN is set.
      const actor = options.operator ? await operatorAuth(request, options.operator) : null;
      const auth = options.auth ?? 'none';
      const user = restrictedView(
        auth === 'none' ? null : await authenticate(request),
        auth,
        options.restricted,
      );
      if (auth === 'required' && !user) throw new ApiError('UNAUTHORIZED');
      for (const { rule, by } of options.limits ?? []) {
        await hitLimit(rule, by === 'ip' ? meta.ip : (user?.id ?? meta.ip));
      }

      const url = new URL(request.url);
      const query = options.query
        ? parse(options.query, Object.fromEntries(url.searchParams), locale, 'query')
        : undefined;
      const rawParams = context ? await context.params : {};
      const params = options.params
        ? parse(options.params, rawParams, locale, 'params')
        : undefined;
      const body = options.body
        ? parse(options.body, await readJson(request), locale, 'body')
        : undefined;

      const ctx = { request, meta, body, query, params, user, player: lazyPlayer(user), actor };
      const result = await fn(ctx as HandlerContext<B, Q, P, A, O>);
      return withDevice(
        result instanceof Response ? result : json({ code: 'success', data: result ?? null }),
        meta,
      );
    } catch (error) {
      return withDevice(errorResponse(error, locale), meta);
    }
  };
  return Object.assign(run, { route: options });
}
