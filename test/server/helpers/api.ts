import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { desc, eq } from 'drizzle-orm';
import { CLIENT_ADDRESS_HEADER } from '@/lib/serve/client-address';
import { getDb } from '@/lib/server/db';
import { outboxMessages } from '@/lib/server/db/schema';
import { drainJobs } from '@/lib/server/jobs';

type Handler = (request: Request) => Promise<Response>;

export const url = (path: string) => `http://localhost/api/v1${path}`;

let ipCounter = 0;
/** Each test may get its own caller address, so abuse limits of one test do not leak into the next. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

export function request(
  method: string,
  path: string,
  {
    body,
    token,
    ip,
    headers = {},
  }: { body?: unknown; token?: string | null; ip?: string; headers?: Record<string, string> } = {},
): Request {
  return new Request(url(path), {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { [CLIENT_ADDRESS_HEADER]: ip } : {}),
      ...headers,
    },
  });
}

/** A handler's answer, with `data` typed as the caller expects it. */
export async function call<T = Record<string, unknown>>(handler: Handler, req: Request) {
  const response = await handler(req);
  const json = (await response.json()) as {
    code: string;
    data?: T;
    error?: { message: string };
  };
  return { status: response.status, ...json };
}

/** Solves an ALTCHA challenge the way the browser does, and encodes the payload like the form. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** What the development outbox holds for a recipient, newest first, once queued deliveries ran. */
export async function sentTo(recipient: string) {
  await drainJobs();
  const db = await getDb();
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));
}

/** The latest code sent to a contact, read from the development outbox. */
export async function lastCode(recipient: string): Promise<string> {
  const [row] = await sentTo(recipient);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

type IdHandler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

/** A route handler under /{id}, as Next calls it: with the path's parameters. */
export const withId = (handler: IdHandler, id: string) => (req: Request) =>
  handler(req, { params: Promise.resolve({ id }) });
