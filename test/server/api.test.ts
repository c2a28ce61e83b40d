import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { GET as catchAll, POST as catchAllPost } from '@/app/api/v1/[...path]/route';
import { GET as getLanguages } from '@/app/api/v1/config/languages/route';
import { GET as getHealth } from '@/app/api/v1/health/route';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { createSession, revokeSession } from '@/lib/server/auth/session';
import { closeDb, getDb } from '@/lib/server/db';
import { languages, sessions, users } from '@/lib/server/db/schema';
import { seedDemo } from '@/lib/server/db/seed';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';

const url = (path: string) => `http://localhost/api/v1${path}`;
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(url(path), { headers });
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(url(path), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });

afterAll(() => closeDb());

describe('platform API on a fresh embedded database', () => {
  it('reports health with a database round trip', async () => {
    const res = await getHealth(get('/health'));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe('success');
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toMatchObject({ kind: 'pglite', ok: true });
  });

  it('lists the twelve languages in picker order, Arabic right-to-left', async () => {
    const res = await getLanguages(get('/config/languages'));
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.data.map((l: { abbreviatedCode: string }) => l.abbreviatedCode)).toEqual([
      'en',
      'es',
      'pt',
      'de',
      'fr',
      'tr',
      'ru',
      'ja',
      'ko',
      'zh',
      'vi',
      'ar',
    ]);
    expect(body.data[11]).toEqual({
      abbreviatedCode: 'ar',
      nameOfTheLanguage: 'العربية',
      flag: '/flags/sa.svg',
      direction: 'rtl',
    });
  });

  it('hides a language the operator disabled', async () => {
    const db = await getDb();
    await db.update(languages).set({ enabled: false }).where(eq(languages.code, 'vi'));
    const body = await (await getLanguages(get('/config/languages'))).json();
    expect(body.data.map((l: { abbreviatedCode: string }) => l.abbreviatedCode)).not.toContain(
      'vi',
    );
    await db.update(languages).set({ enabled: true }).where(eq(languages.code, 'vi'));
  });

  it('seeds idempotently and keeps operator edits', async () => {
    const db = await getDb();
    await db.update(languages).set({ name: 'English (UK)' }).where(eq(languages.code, 'en'));
    await seedDemo(db);
    await seedDemo(db);
    const rows = await db.select().from(languages);
    expect(rows).toHaveLength(12);
    expect(rows.find((r) => r.code === 'en')?.name).toBe('English (UK)');
  });

  it('publishes an OpenAPI 3.1 document built from the zod schemas', async () => {
    const res = await getOpenApi(get('/openapi.json'));
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const languagesOp = doc.paths['/config/languages'].get;
    const items =
      languagesOp.responses['200'].content['application/json'].schema.properties.data.items;
    expect(items.$ref).toBe('#/components/schemas/Language');
    expect(doc.components.schemas.Language.required).toEqual(
      expect.arrayContaining(['abbreviatedCode', 'nameOfTheLanguage', 'flag']),
    );
    expect(doc.paths['/health'].get.responses.default.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    expect(doc.components.schemas.Error.required).toEqual(['code', 'error']);
  });

  it('answers unknown API paths with a JSON 404, localized', async () => {
    const res = await catchAll(get('/nope', { 'accept-language': 'de-DE,de;q=0.9' }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', error: { message: 'Nicht gefunden.' } });
    expect((await catchAllPost(post('/nope', '{}'))).status).toBe(404);
  });
});

describe('the route handler wrapper', () => {
  const echo = handler(
    {
      body: z.object({ amount: z.number().int().positive(), note: z.string().max(5).optional() }),
      auth: 'required',
    },
    ({ body, user }) => ({ amount: body.amount, user: user.username }),
  );
  const search = handler(
    { query: z.object({ limit: z.coerce.number().int().max(70).default(12) }) },
    ({ query }) => query,
  );
  const broken = handler({}, () => {
    throw new Error('database exploded');
  });
  const conflict = handler({}, () => {
    throw new ApiError('CONFLICT');
  });

  let token: string;
  let sessionId: string;
  beforeAll(async () => {
    const db = await getDb();
    const [user] = await db
      .insert(users)
      .values({ username: 'alice', email: 'alice@example.com' })
      .returning();
    token = (await createSession(user!.id)).token;
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user!.id));
    sessionId = session!.id;
  });

  it('refuses a request without a valid session with 401', async () => {
    const anonymous = await echo(post('/echo', '{"amount":5}'));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      code: 'UNAUTHORIZED',
      error: { message: 'Please sign in to continue.' },
    });
    const forged = await echo(
      post('/echo', '{"amount":5}', { authorization: 'Bearer not-a-real-session-token' }),
    );
    expect(forged.status).toBe(401);
  });

  it('runs the handler for a live session', async () => {
    const res = await echo(post('/echo', '{"amount":5}', { authorization: `Bearer ${token}` }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 'success', data: { amount: 5, user: 'alice' } });
  });

  it("validates the body and names the field, in the caller's language", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const res = await echo(post('/echo', '{"amount":-1}', { ...auth, 'x-locale': 'es' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/^Faltan campos o no son válidos\. \(amount: /);
    expect((await echo(post('/echo', '{"amount":', auth))).status).toBe(400);
    expect((await (await echo(post('/echo', '{"amount":', auth))).json()).code).toBe(
      'INVALID_JSON',
    );
    const text = new Request(url('/echo'), {
      method: 'POST',
      body: 'amount=5',
      headers: { ...auth, 'content-type': 'text/plain' },
    });
    expect((await echo(text)).status).toBe(415);
  });

  it('validates and coerces the query', async () => {
    expect(await (await search(get('/search?limit=20'))).json()).toEqual({
      code: 'success',
      data: { limit: 20 },
    });
    expect(await (await search(get('/search'))).json()).toEqual({
      code: 'success',
      data: { limit: 12 },
    });
    expect((await search(get('/search?limit=71'))).status).toBe(400);
  });

  it('turns a thrown ApiError into its status and an unexpected error into a generic 500', async () => {
    expect((await conflict(get('/x'))).status).toBe(409);
    const res = await broken(get('/x', { 'x-locale': 'fr' }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'INTERNAL_ERROR',
      error: { message: "Une erreur s'est produite" },
    });
  });

  it('answers JSON never stored; a small answer forbids compressing it, a large one allows it', async () => {
    const small = await search(get('/search?limit=20'));
    expect(small.headers.get('content-type')).toBe('application/json');
    expect(small.headers.get('cache-control')).toBe('no-store, no-transform');
    expect((await conflict(get('/x'))).headers.get('cache-control')).toBe('no-store, no-transform');
    const large = await handler({}, () => ({ text: 'x'.repeat(1024) }))(get('/x'));
    expect(large.headers.get('cache-control')).toBe('no-store');
    expect((await large.json()).data.text).toHaveLength(1024);
    // Just under and just over the 1 KiB that Next's compression starts at, counted in bytes.
    const sized = (n: number) => handler({}, () => 'é'.repeat(n))(get('/x'));
    const envelope = JSON.stringify({ code: 'success', data: '' }).length;
    const under = Math.floor((1023 - envelope) / 2);
    expect((await sized(under)).headers.get('cache-control')).toBe('no-store, no-transform');
    expect((await sized(under + 1)).headers.get('cache-control')).toBe('no-store');
  });

  it('stops accepting a revoked session', async () => {
    await revokeSession(sessionId);
    expect(
      (await echo(post('/echo', '{"amount":5}', { authorization: `Bearer ${token}` }))).status,
    ).toBe(401);
  });
});
