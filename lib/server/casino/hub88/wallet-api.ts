import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { logger } from '@/lib/logger';
import { json } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/read-body';
import { callContext, type CallContext } from '../lookup';
import {
  payWin,
  placeBet,
  rollBack,
  type WalletAnswer,
  type WalletCall,
  type WalletError,
} from '../wallet';
import { byCode, byLedger, toHub88, toMinor, type Hub88Currency } from './currencies';
import { aggregatorPublicKey } from './keys';
import { SIGNATURE_HEADER, verifyBody } from './signature';

/*
 * Hub88's Wallet API, our side (docs/casino-aggregators.md): five POST endpoints, each body signed
 * by Hub88. The signature is checked over the raw bytes before anything is read; every answer is
 * HTTP 200 with a status, echoing `request_uuid`, `user` and `currency`, the balance floored to
 * Hub88's integer (the currency × 10⁵).
 */

const PROVIDER = 'hub88';
/** Hub88's bodies are a few hundred bytes; anything past this is not one of its calls. */
export const MAX_BODY = 64 * 1024;

export type Hub88Status =
  | 'RS_OK'
  | 'RS_ERROR_UNKNOWN'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_INVALID_GAME'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_WRONG_TYPES'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_TRANSACTION_ROLLED_BACK'
  | 'RS_ERROR_LIMIT_REACHED';

const statusOf: Record<WalletError, Hub88Status> = {
  invalid_token: 'RS_ERROR_INVALID_TOKEN',
  token_expired: 'RS_ERROR_TOKEN_EXPIRED',
  user_disabled: 'RS_ERROR_USER_DISABLED',
  limit_reached: 'RS_ERROR_LIMIT_REACHED',
  not_enough_money: 'RS_ERROR_NOT_ENOUGH_MONEY',
  duplicate: 'RS_ERROR_DUPLICATE_TRANSACTION',
  rolled_back: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  not_found: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  wrong_currency: 'RS_ERROR_WRONG_CURRENCY',
  invalid_game: 'RS_ERROR_INVALID_GAME',
  unknown: 'RS_ERROR_UNKNOWN',
};

const text = z.string().min(1).max(255);
/** Hub88's integers: Int64, never a float, never below zero. */
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const base = { request_uuid: text, user: text };
const money = {
  ...base,
  transaction_uuid: text,
  token: text,
  round: text,
  round_closed: z.boolean(),
  game_code: text,
  supplier_transaction_id: text.optional(),
  is_free: z.boolean().optional(),
  reward_uuid: text.nullish(),
};
const schemas = {
  'user/info': z.looseObject(base),
  'user/balance': z.looseObject({ ...base, token: text, game_code: text.optional() }),
  'transaction/bet': z.looseObject({ ...money, currency: text, amount, bet: text.nullish() }),
  'transaction/win': z.looseObject({
    ...money,
    currency: text,
    amount,
    reference_transaction_uuid: text,
    bet: text.nullish(),
  }),
  'transaction/rollback': z.looseObject({
    ...money,
    currency: text.optional(),
    reference_transaction_uuid: text,
  }),
};
export type Hub88Operation = keyof typeof schemas;
export const isHub88Operation = (op: string): op is Hub88Operation => op in schemas;

type Answer = Record<string, unknown> & { status: Hub88Status };

/** A request that is JSON but not the operation's shape: a missing field, or a wrong type. */
function shapeStatus(schema: z.ZodObject, body: Record<string, unknown>): Hub88Status | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const missing = result.error.issues.some(
    (i) => i.path.length === 1 && !(String(i.path[0]) in body),
  );
  return missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES';
}

/** What a retry of this transaction must repeat (Hub88: reference, amount, currency, round, user, game). */
const hashOf = (op: string, body: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        op,
        body.user,
        body.amount ?? null,
        body.currency ?? null,
        body.round,
        body.game_code,
        body.reference_transaction_uuid ?? null,
      ]),
    )
    .digest('hex');

type Context = CallContext & { currency: Hub88Currency | undefined };

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Who and in what a call is, in one read: the player it names, its session, what is recorded
 * under its ids, and its currency — its own, else (a rollback names none) its bet's, else its
 * session's, else the player's selected one.
 */
async function contextOf(body: Record<string, unknown>): Promise<Context> {
  const user = textOf(body.user);
  const known = await callContext({
    provider: PROVIDER,
    userId: user !== null && z.uuid().safeParse(user).success ? user : null,
    token: textOf(body.token),
    uuid: textOf(body.transaction_uuid),
    reference: textOf(body.reference_transaction_uuid),
    gameCode: textOf(body.game_code),
  });
  if (typeof body.currency === 'string') return { ...known, currency: byCode(body.currency) };
  const ledger =
    known.referenced?.currency ?? known.session?.currency ?? known.player?.currency ?? '';
  return { ...known, currency: byLedger(ledger) };
}

/** The echo every answer carries, with the balance when the player and currency are known. */
function shownFor(
  body: Record<string, unknown>,
  { player, currency, balances }: Pick<Context, 'player' | 'currency' | 'balances'>,
  balance?: bigint | null,
) {
  const known =
    balance === undefined && player && currency
      ? (balances[currency.ledger] ?? BigInt(0))
      : balance;
  return {
    ...(typeof body.request_uuid === 'string' ? { request_uuid: body.request_uuid } : {}),
    ...(typeof body.user === 'string' ? { user: body.user } : {}),
    ...(currency
      ? { currency: currency.code }
      : typeof body.currency === 'string'
        ? { currency: body.currency }
        : {}),
    ...(known === null || known === undefined || !currency
      ? {}
      : { balance: Number(toHub88(known, currency)) }),
  };
}

/**
 * One Wallet API call: verified, read, carried out, answered. Nothing is recorded for a call
 * whose signature fails or whose body is not the operation's. `raw` is null when the body could
 * not be read whole (past MAX_BODY, or cut off).
 */
export async function hub88Answer(
  op: Hub88Operation,
  raw: Buffer | null,
  signature: string | null,
): Promise<Answer> {
  if (raw === null) return { status: 'RS_ERROR_WRONG_SYNTAX' };
  const key = aggregatorPublicKey();
  // Not one byte is read before the signature holds: a forged body gets the status alone.
  if (!key || !verifyBody(raw, signature, key)) return { status: 'RS_ERROR_INVALID_SIGNATURE' };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { status: 'RS_ERROR_WRONG_SYNTAX' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status: 'RS_ERROR_WRONG_SYNTAX' };
  }
  let context: Context | null = null;
  try {
    context = await contextOf(body);
    const shape = shapeStatus(schemas[op], body);
    if (shape) return { ...shownFor(body, context), status: shape };
    return await answer(op, body, context);
  } catch (err) {
    logger.error({ err, op }, 'Hub88 wallet call failed');
    const shown = shownFor(body, context ?? { player: null, currency: undefined, balances: {} });
    return { ...shown, status: 'RS_ERROR_UNKNOWN' };
  }
}

/**
 * The same call as Next's route handler gets it, where server.ts has not answered it first
 * (lib/serve/casino-wallet.ts). The API's own `json` spares each small answer a gzip stream.
 */
export async function hub88Wallet(op: Hub88Operation, request: Request): Promise<Response> {
  const raw = await readBody(request, MAX_BODY).catch(() => null);
  return json(await hub88Answer(op, raw, request.headers.get(SIGNATURE_HEADER)));
}

async function answer(
  op: Hub88Operation,
  body: Record<string, unknown>,
  context: Context,
): Promise<Answer> {
  const { player, session, currency } = context;
  const shown = (balance?: bigint | null) => shownFor(body, context, balance);
  if (op === 'user/info') {
    if (!player) return { ...shown(null), status: 'RS_ERROR_INVALID_TOKEN' };
    return {
      ...shown(),
      status: 'RS_OK',
      registration_date: player.createdAt.toISOString().slice(0, 10),
    };
  }
  if (!player) return { ...shown(null), status: 'RS_ERROR_INVALID_TOKEN' };
  if (!currency) return { ...shown(null), status: 'RS_ERROR_WRONG_CURRENCY' };

  if (op === 'user/balance') {
    if (!session || session.userId !== player.id) {
      return { ...shown(), status: 'RS_ERROR_INVALID_TOKEN' };
    }
    const status = session.live ? 'RS_OK' : 'RS_ERROR_TOKEN_EXPIRED';
    return { ...shown(), status };
  }

  const minor =
    body.amount === undefined ? BigInt(0) : toMinor(BigInt(Number(body.amount)), currency);
  if (minor === null) return { ...shown(), status: 'RS_ERROR_WRONG_TYPES' };
  const call: WalletCall = {
    provider: PROVIDER,
    uuid: String(body.transaction_uuid),
    userId: player.id,
    currency: currency.ledger,
    gameCode: String(body.game_code),
    round: String(body.round),
    roundClosed: body.round_closed === true,
    amount: minor,
    free: body.is_free === true,
    reference:
      typeof body.reference_transaction_uuid === 'string'
        ? body.reference_transaction_uuid
        : undefined,
    hash: hashOf(op, body),
  };
  let result: WalletAnswer;
  if (op === 'transaction/bet') {
    // Bets only on a session we issued to this player; wins and rollbacks land whatever became of it.
    if (!session || session.userId !== player.id) {
      return { ...shown(), status: 'RS_ERROR_INVALID_TOKEN' };
    }
    result = await placeBet(call, session, context);
  } else if (op === 'transaction/win') {
    result = await payWin(call, context);
  } else {
    result = await rollBack(call, context);
  }
  return {
    ...shown(result.balance),
    status: result.ok ? 'RS_OK' : statusOf[result.error],
  };
}
