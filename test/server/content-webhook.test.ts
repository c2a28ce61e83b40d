/**
 * The CMS's doors into the site (issue 16): the webhook that drops changed documents and the
 * editors' preview link. Both off without their secret, both refuse a wrong one.
 */
import { POST as revalidate } from '@/app/api/revalidate/route';
import { config } from '@/lib/config';
import { contentCache } from '@/lib/content';

const mutable = config as Record<string, unknown>;
const SECRET = 'webhook-secret-for-the-tests-0123456789';

const webhook = (body: unknown, secret: string | null = SECRET) =>
  revalidate(
    new Request('http://localhost/api/revalidate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

afterEach(() => {
  mutable.REVALIDATE_SECRET = undefined;
});

it('is off (404) without a secret configured', async () => {
  const answer = await webhook({ event: 'entry.publish', model: 'footer' });
  expect(answer.status).toBe(404);
});

it('refuses a wrong or missing secret, and a body that is no webhook, changing nothing', async () => {
  mutable.REVALIDATE_SECRET = SECRET;
  await contentCache.load('footer:de', ['content:footer:de'], async () => 'kept');
  for (const secret of ['wrong-secret-0123456789abcdef', null]) {
    const answer = await webhook({ event: 'entry.publish', model: 'footer' }, secret);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      code: 'UNAUTHORIZED',
      error: { message: 'The webhook secret is wrong.' },
    });
  }
  for (const body of ['not json', { event: 42 }]) {
    expect((await webhook(body)).status).toBe(400);
  }
  expect(await contentCache.load('footer:de', ['content:footer:de'], async () => 'asked')).toBe(
    'kept',
  );
});

it('drops the published document in its locale only', async () => {
  mutable.REVALIDATE_SECRET = SECRET;
  await contentCache.load('footer:de', ['content:footer:de'], async () => 'old de');
  await contentCache.load('footer:en', ['content:footer:en'], async () => 'old en');
  const answer = await webhook({
    event: 'entry.publish',
    createdAt: '2026-11-24T10:00:00.000Z',
    model: 'footer',
    uid: 'api::footer.footer',
    entry: { id: 3, documentId: 'abc123', locale: 'de', publishedAt: '2026-11-24T10:00:00.000Z' },
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({
    code: 'success',
    data: { tags: ['content:footer:de'], documents: 1 },
  });
  expect(await contentCache.load('footer:de', ['content:footer:de'], async () => 'new de')).toBe(
    'new de',
  );
  expect(await contentCache.load('footer:en', ['content:footer:en'], async () => 'new en')).toBe(
    'old en',
  );
});
