import { createContentCache } from '@/lib/content/cache';
import { contentTag } from '@/lib/content/source';
import { tagsForWebhook } from '@/lib/content/webhook';

/** The content documents' cache: fresh copies, invalidation by tag, the last good copy. */
function setup() {
  let clock = 0;
  const cache = createContentCache({ ttlMs: 1000, timeoutMs: 50, now: () => clock });
  return { cache, advance: (ms: number) => (clock += ms) };
}
const footerEn = contentTag('footer', 'en');

it('asks the service once while fresh, and again once the TTL passed', async () => {
  const { cache, advance } = setup();
  let calls = 0;
  const fetcher = jest.fn(async () => ({ version: (calls += 1) }));
  expect(await cache.load('footer:en', [footerEn], fetcher)).toEqual({ version: 1 });
  expect(await cache.load('footer:en', [footerEn], fetcher)).toEqual({ version: 1 });
  advance(1001);
  expect(await cache.load('footer:en', [footerEn], fetcher)).toEqual({ version: 2 });
  expect(fetcher).toHaveBeenCalledTimes(2);
});

it('a burst of renders asks once', async () => {
  const { cache } = setup();
  let release = () => {};
  const fetcher = jest.fn(() => new Promise<string>((r) => (release = () => r('doc'))));
  const all = Promise.all([1, 2, 3].map(() => cache.load('footer:en', [footerEn], fetcher)));
  release();
  expect(await all).toEqual(['doc', 'doc', 'doc']);
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it('an invalidation makes the next read fetch again, and leaves other documents alone', async () => {
  const { cache } = setup();
  let version = 0;
  const fetcher = async () => (version += 1);
  const cards = jest.fn(async () => 'cards');
  await cache.load('footer:en', [footerEn], fetcher);
  await cache.load('betting-cards:en', [contentTag('betting-cards', 'en')], cards);
  expect(cache.invalidate([footerEn, contentTag('footer', 'de')])).toBe(1);
  expect(await cache.load('footer:en', [footerEn], fetcher)).toBe(2);
  await cache.load('betting-cards:en', [contentTag('betting-cards', 'en')], cards);
  expect(cards).toHaveBeenCalledTimes(1);
});

it('a fetch that began before an invalidation is not kept', async () => {
  const { cache } = setup();
  let release: (value: string) => void = () => {};
  const slow = () => new Promise<string>((r) => (release = r));
  const before = cache.load('footer:en', [footerEn], slow);
  cache.invalidate([footerEn]);
  const after = cache.load('footer:en', [footerEn], async () => 'new');
  release('old');
  expect(await before).toBe('old');
  expect(await after).toBe('new');
  expect(await cache.load('footer:en', [footerEn], async () => 'never asked')).toBe('new');
});

it('serves the last good copy when the service fails or is slow, and fails with none', async () => {
  const { cache } = setup();
  await cache.load('footer:en', [footerEn], async () => 'good');
  cache.invalidate([footerEn]);
  expect(
    await cache.load('footer:en', [footerEn], async () => Promise.reject(new Error('down'))),
  ).toBe('good');
  const slow = (signal: AbortSignal) =>
    new Promise<string>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason)),
    );
  expect(await cache.load('footer:en', [footerEn], slow)).toBe('good');
  await expect(
    cache.load('footer:de', [contentTag('footer', 'de')], async () =>
      Promise.reject(new Error('down')),
    ),
  ).rejects.toThrow('down');
});

describe('the Strapi webhook', () => {
  it('names the document in the entry’s locale', () => {
    expect(
      tagsForWebhook({ event: 'entry.publish', model: 'footer', entry: { locale: 'de' } }),
    ).toEqual(['content:footer:de']);
    expect(
      tagsForWebhook({ event: 'entry.unpublish', model: 'betting-card', entry: { locale: 'en' } }),
    ).toEqual(['content:betting-cards:en']);
  });

  it('names every locale when the entry has none of ours', () => {
    const tags = tagsForWebhook({ event: 'entry.update', model: 'site-configuration', entry: {} });
    expect(tags).toHaveLength(12);
    expect(tags).toContain('content:site-configuration:ar');
  });

  it('ignores media events and models the site does not read', () => {
    expect(tagsForWebhook({ event: 'media.create', model: 'file' })).toEqual([]);
    expect(
      tagsForWebhook({ event: 'entry.update', model: 'unknown', entry: { locale: 'en' } }),
    ).toEqual([]);
  });
});
