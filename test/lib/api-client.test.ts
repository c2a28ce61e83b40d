import {
  ApiClientError,
  apiRequest,
  PUBLIC_CACHE_MAX_ENTRIES,
  publicCacheSize,
} from '@/lib/api/client';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 'success', data }), { status: 200 });
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock;
  process.env.PORT = '4321';
});

describe('platform API client', () => {
  it('calls this server’s /api/v1 with the locale and unwraps data', async () => {
    fetchMock.mockResolvedValueOnce(ok([1, 2]));
    expect(
      await apiRequest('/things', { locale: 'es', query: { page: 2, skip: undefined } }),
    ).toEqual([1, 2]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('http://127.0.0.1:4321/api/v1/things?page=2');
    expect(init.headers['x-locale']).toBe('es');
    expect(init.headers.Authorization).toBeUndefined();
  });

  it('sends the bearer token and a JSON body', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await apiRequest('/bets', { method: 'POST', body: { amount: 5 }, token: 'tok' });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"amount":5}');
  });

  it('throws the server’s code and message on failure', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ code: 'INVALID_2FA', error: { message: 'Invalid 2FA code' } }),
        { status: 400 },
      ),
    );
    await expect(apiRequest('/login')).rejects.toMatchObject({
      code: 'INVALID_2FA',
      message: 'Invalid 2FA code',
      status: 400,
    });
    fetchMock.mockResolvedValueOnce(
      new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('/login')).rejects.toBeInstanceOf(ApiClientError);
  });

  it('reuses public answers on the server for their lifetime, but never failures or personal ones', async () => {
    fetchMock.mockImplementation(async () => ok('langs'));
    await apiRequest('/config/x', { revalidate: 60 });
    await apiRequest('/config/x', { revalidate: 60 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiRequest('/config/x', { revalidate: 60, locale: 'de' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await apiRequest('/config/x', { revalidate: 60, token: 'tok' });
    await apiRequest('/config/x');
    expect(fetchMock).toHaveBeenCalledTimes(4);

    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 }));
    await expect(apiRequest('/config/y', { revalidate: 60 })).rejects.toBeInstanceOf(
      ApiClientError,
    );
    fetchMock.mockResolvedValueOnce(ok('y'));
    expect(await apiRequest('/config/y', { revalidate: 60 })).toBe('y');
  });

  it('keeps at most PUBLIC_CACHE_MAX_ENTRIES public answers, however many searches come', async () => {
    fetchMock.mockImplementation(async () => ok([]));
    for (let i = 0; i < PUBLIC_CACHE_MAX_ENTRIES + 50; i += 1) {
      await apiRequest('/games', { query: { search: `q${i}` }, revalidate: 60 });
    }
    expect(publicCacheSize()).toBe(PUBLIC_CACHE_MAX_ENTRIES);
    // The newest stays (answered from the cache), the oldest went (asked again).
    const before = fetchMock.mock.calls.length;
    await apiRequest('/games', {
      query: { search: `q${PUBLIC_CACHE_MAX_ENTRIES + 49}` },
      revalidate: 60,
    });
    expect(fetchMock.mock.calls.length).toBe(before);
    await apiRequest('/games', { query: { search: 'q0' }, revalidate: 60 });
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });
});
