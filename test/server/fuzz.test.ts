/**
 * Hostile input against every published route (the declarations the OpenAPI document is built from): generated bodies, queries, path
 * parameters and headers, with and without a valid session. Two properties: nothing answers 500 or
 * above, and a refused request (4xx) changes no row — every write to a table of the platform is
 * counted by a trigger installed for this test.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { config } from '@/lib/config';
import { CLIENT_ADDRESS_HEADER } from '@/lib/serve/client-address';
import { hashPassword } from '@/lib/server/auth/passwords';
import { createPlayer } from '@/lib/server/players/store';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import type { Route } from '@/lib/server/http/route';
import { publishedRoutes } from '@/lib/server/openapi/routes';

type Handler = (
  request: Request,
  context?: { params: Promise<Record<string, string>> },
) => Promise<Response>;

afterAll(() => closeDb());

// The readiness call asks server.ts to render a page; route handlers alone have no server.ts, so
// its bridge answers for it here (the real one is tested in test/server/page-server.test.ts).
beforeAll(() => {
  globalThis.__pageProbe = async () => ({ ok: true, path: '/', status: 200, ms: 1 });
});

const hostileStrings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '％',
    '_',
    '\\',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '//evil.com',
    '/.//evil.com',
    '../../etc/passwd',
    '\u0000',
    '\uFEFF',
    '\u202E',
    '%ff',
    '%E0%A4%A',
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e309',
    '9'.repeat(40),
    '0x' + 'f'.repeat(40),
    'a'.repeat(5000),
    '😀'.repeat(300),
  ),
);

/** Values that pass the first checks (an email, a code, an address), so deeper code is reached too. */
const plausible = fc.oneof(
  fc.emailAddress(),
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^\+5068888\d{4}$/),
  fc.constantFrom('email', 'phone', 'en', 'es', 'USDT', 'BTC', 'popular', 'lobby', 'hot-games'),
  fc.stringMatching(/^0x[0-9a-f]{40}$/),
  fc.stringMatching(/^0x[0-9a-f]{130}$/),
  fc.uuid(),
  fc.constantFrom('secret123', '/casino', 'https://example.com/a'),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileStrings,
    plausible,
    plausible,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileStrings, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** The field names an operation's schema knows, so generated bodies reach past the first check. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      allOf?: { properties?: Record<string, unknown> }[];
    };
    const props = {
      ...json.properties,
      ...Object.assign({}, ...(json.allOf ?? []).map((p) => p.properties)),
    };
    return Object.keys(props);
  } catch {
    return [];
  }
}

function shaped(fields: string[]) {
  const known = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: fields.length })
    : fc.constant({});
  return fc
    .tuple(known, fc.dictionary(hostileStrings, hostileValue, { maxKeys: 2 }))
    .map(([a, b]) => ({ ...b, ...a }));
}

const ADDRESS = `0x${'1'.repeat(40)}`;
const SIGNATURE = `0x${'a'.repeat(130)}`;
const SOLANA_KEY = '1'.repeat(32);
const contact = { type: 'email', contact: 'fuzz@example.com' };

/** A valid body per operation: mutated one field at a time, it carries hostile values past validation. */
const examples: Record<string, Record<string, unknown>> = {
  '/logs/error': {
    message: 'm',
    url: 'http://localhost/',
    timestamp: '2026-11-23T00:00:00.000Z',
    userAgent: 'u',
  },
  '/auth/login': { email: 'fuzz@example.com', password: 'secret123' },
  '/auth/register': {
    isEmail: true,
    email: 'fuzz-new@example.com',
    password: 'secret123',
    repeatPassword: 'secret123',
    language: 'en',
    captcha: 'x',
  },
  '/auth/activate': { ...contact, code: '123456' },
  '/auth/activate/resend': contact,
  '/auth/password-reset/send': contact,
  '/auth/password-reset/verify': { ...contact, code: '123456' },
  '/auth/password-reset/confirm': {
    ...contact,
    code: '123456',
    password: 'secret123',
    repeatPassword: 'secret123',
  },
  '/auth/metamask/message': { publicAddress: ADDRESS },
  '/auth/walletconnect/message': { publicAddress: ADDRESS },
  '/auth/metamask/verify': { publicAddress: ADDRESS, messageToSign: 'x', signature: SIGNATURE },
  '/auth/walletconnect/verify': {
    publicAddress: ADDRESS,
    messageToSign: 'x',
    signature: SIGNATURE,
  },
  '/auth/phantom/message': { publicKey: SOLANA_KEY },
  '/auth/phantom/verify': { publicKey: SOLANA_KEY, messageToSign: 'x', signature: '1'.repeat(88) },
  '/auth/telegram': {
    telegramId: '1',
    authDate: Math.floor(Date.now() / 1000),
    hash: 'a'.repeat(64),
  },
  '/auth/google': { credential: 'x'.repeat(40) },
  '/auth/coinbase/validate': { accessToken: 'abcdefgh', publicAddress: '' },
  '/auth/2fa/setup': {},
  '/auth/2fa/enable': { code: '123456' },
  '/auth/2fa/disable': { code: '123456' },
  '/users/wallet-link/message': { publicAddress: ADDRESS },
  '/users/wallet-link': { publicAddress: ADDRESS, messageToSign: 'x', signature: SIGNATURE },
  '/users/google-link': { credential: 'x'.repeat(40) },
  '/users/settings': { language: 'es' },
  '/users/route': { route: '/casino' },
  '/games/favorites': { gameId: '00000000-0000-4000-8000-000000000000' },
};

function mutated(example: Record<string, unknown> | undefined) {
  if (!example) return fc.constant({});
  const keys = Object.keys(example);
  if (!keys.length) return fc.dictionary(hostileStrings, hostileValue, { maxKeys: 2 });
  return fc
    .record({
      key: fc.constantFrom(...keys),
      value: hostileValue,
      drop: fc.boolean(),
      keep: fc.boolean(),
    })
    .map(({ key, value, drop, keep }) => {
      if (keep) return example;
      const copy: Record<string, unknown> = { ...example };
      if (drop) delete copy[key];
      else copy[key] = value;
      return copy;
    });
}

const requestArb = (op: Route) =>
  fc.record({
    body: fc.oneof(
      { weight: 3, arbitrary: mutated(examples[op.path]) },
      { weight: 1, arbitrary: shaped(fieldsOf(op.body)) },
      { weight: 1, arbitrary: hostileValue },
    ),
    rawBody: fc.option(hostileStrings, { nil: undefined, freq: 8 }),
    query: shaped(fieldsOf(op.query)),
    param: fc.oneof(hostileStrings, plausible),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', ''),
      },
    ),
    locale: fc.oneof(fc.constantFrom('es', 'ar', 'zz'), hostileStrings),
    authorization: fc.oneof(
      fc.constant('valid'),
      fc.constant(undefined),
      hostileStrings.map((s) => `Bearer ${s}`),
      fc.constant('Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
    ),
    cookie: fc.option(
      hostileStrings.map((s) => `coinbase_binder=${s}; coinbase_state=${s}`),
      {
        nil: undefined,
      },
    ),
  });

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    params.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Counts every row written to the platform's tables from here on. */
async function installWriteCounter(): Promise<() => Promise<number>> {
  const handle = await getDbHandle();
  await handle.sql(`
    CREATE TABLE IF NOT EXISTS fuzz_writes (n bigint NOT NULL);
    INSERT INTO fuzz_writes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM fuzz_writes);
    CREATE OR REPLACE FUNCTION fuzz_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The one write a refusal makes by design: a wrong code spends one of the code's tries.
      IF TG_TABLE_NAME = 'verification_codes' AND TG_OP = 'UPDATE'
        AND (to_jsonb(NEW) - 'attempts') = (to_jsonb(OLD) - 'attempts') THEN
        RETURN NULL;
      END IF;
      -- And one any authenticated request may make: the session's "last seen", once a minute.
      IF TG_TABLE_NAME = 'sessions' AND TG_OP = 'UPDATE'
        AND (to_jsonb(NEW) - 'last_seen_at') = (to_jsonb(OLD) - 'last_seen_at') THEN
        RETURN NULL;
      END IF;
      UPDATE fuzz_writes SET n = n + 1;
      RETURN NULL;
    END $$;
  `);
  const { rows } = await handle.sql(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_writes'`,
    [],
  );
  for (const { tablename } of rows as { tablename: string }[]) {
    await handle.sql(
      `CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz_count()`,
    );
  }
  return async () => {
    const result = await handle.sql('SELECT n FROM fuzz_writes', []);
    return Number(result.rows[0]!.n);
  };
}

function routeFile(path: string): string {
  return path.replace(/\{(\w+)\}/g, '[$1]');
}

describe('hostile input against every /api/v1 operation', () => {
  let writes: () => Promise<number>;
  let token: string;

  beforeAll(async () => {
    // Every sign-in method configured, so hostile input reaches its checks (none can reach out).
    Object.assign(config as Record<string, unknown>, {
      TELEGRAM_BOT_TOKEN: '123456:fuzz-bot',
      GOOGLE_CLIENT_ID: 'fuzz-client',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
      COINBASE_CLIENT_ID: 'fuzz',
      COINBASE_CLIENT_SECRET: 'fuzz',
      COINBASE_TOKEN_URL: 'http://127.0.0.1:9/token',
      COINBASE_API_URL: 'http://127.0.0.1:9/v2',
    });
    await getDb();
    const player = await createPlayer({
      email: 'fuzz@example.com',
      passwordHash: await hashPassword('secret123'),
      status: 'active',
    });
    token = (await createSession(player.id)).token;
    writes = await installWriteCounter();
  }, 60_000);

  it('counts writes: an accepted request that stores a row moves the counter', async () => {
    const { POST } = await import('@/app/api/v1/logs/error/route');
    const before = await writes();
    const response = await POST(
      new Request('http://localhost/api/v1/logs/error', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '10.8.0.1' },
        body: JSON.stringify({
          message: 'boom',
          url: 'http://localhost/',
          timestamp: new Date().toISOString(),
          userAgent: 'fuzz',
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await writes()).toBeGreaterThan(before);
  });

  const published = publishedRoutes.filter(
    (op) => !(op.method === 'post' && op.path === '/auth/logout'),
  );

  it.each(published.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s: never 500, and a refused request changes no row',
    async (_name, op) => {
      const route = (await import(`@/app/api/v1${routeFile(op.path)}/route`)) as Record<
        string,
        Handler
      >;
      const handle = route[op.method.toUpperCase()]!;
      let ip = 0;
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (input) => {
          ip += 1;
          const params: Record<string, string> = {};
          const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
            params[name] = input.param;
            return encodeURIComponent(input.param);
          });
          const headers: Record<string, string> = {
            [CLIENT_ADDRESS_HEADER]: `10.9.${Math.floor(ip / 250) % 250}.${ip % 250}`,
            'x-locale': input.locale,
          };
          if (input.contentType) headers['content-type'] = input.contentType;
          if (input.authorization === 'valid') headers.authorization = `Bearer ${token}`;
          else if (input.authorization) headers.authorization = input.authorization;
          if (input.cookie) headers.cookie = input.cookie;
          const hasBody = op.method !== 'get';
          const request = new Request(
            `http://localhost/api/v1${path}${op.method === 'get' ? queryString(input.query) : ''}`,
            {
              method: op.method.toUpperCase(),
              headers: Object.fromEntries(
                Object.entries(headers).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)),
              ),
              body: hasBody ? (input.rawBody ?? JSON.stringify(input.body)) : undefined,
            },
          );
          // Deliveries queued by earlier accepted requests run after their answers: let them finish.
          await drainJobs();
          const before = await writes();
          const response = await handle(request, { params: Promise.resolve(params) });
          expect(response.status).toBeLessThan(500);
          seen.add(response.status >= 400 ? (await response.clone().json()).code : 'success');
          if (response.status >= 400) {
            const answer = (await response.json()) as { code: string; error: { message: string } };
            expect(typeof answer.code).toBe('string');
            expect(typeof answer.error.message).toBe('string');
            // Nor may it leave work behind that writes later.
            await drainJobs();
            expect(await writes()).toBe(before);
          }
        }),
        { numRuns: 40, seed: 20261123 },
      );
      // The answers were more than one early refusal: the generator reaches into the operation.
      if (process.env.FUZZ_REPORT) console.log(op.path, [...seen].join(' '));
    },
    60_000,
  );
});
