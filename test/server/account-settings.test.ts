import { GET as profile } from '@/app/api/v1/users/profile/route';
import { PATCH as settings } from '@/app/api/v1/users/settings/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { closeDb } from '@/lib/server/db';
import { call, freshIp, request, sentTo } from './helpers/api';
import { activePlayer } from './helpers/players';

afterAll(() => closeDb());

type Settings = {
  settings: {
    hideName: boolean;
    marketingEmail: boolean;
    marketingSms: boolean;
    display: Record<string, string> | null;
  };
};

const display = {
  themeMode: 'light',
  themeDirection: 'ltr',
  themeContrast: 'bold',
  themeColorPresets: 'purple',
  themeLayout: 'mini',
  oddsFormat: 'fractional',
};

it('privacy and marketing consent start off, and are saved with the display settings', async () => {
  const { token } = await activePlayer('settings-saved@example.com');
  const before = await call<Settings>(profile, request('GET', '/users/profile', { token }));
  expect(before.data!.settings).toMatchObject({
    hideName: false,
    marketingEmail: false,
    marketingSms: false,
    display: null,
  });
  const saved = await call<Settings>(
    settings,
    request('PATCH', '/users/settings', {
      token,
      body: { hideName: true, marketingEmail: true, display },
    }),
  );
  expect(saved.status).toBe(200);
  expect(saved.data!.settings).toMatchObject({
    hideName: true,
    marketingEmail: true,
    marketingSms: false,
    display,
  });
  // Another device reads the same.
  const again = await call<Settings>(profile, request('GET', '/users/profile', { token }));
  expect(again.data!.settings.display).toEqual(display);
});

it('refuses bad settings and changes nothing', async () => {
  const { token } = await activePlayer('settings-bad@example.com');
  const patch = (body: unknown) =>
    call(settings, request('PATCH', '/users/settings', { token, body }));
  expect((await patch({ display: { ...display, themeMode: 'pink' } })).status).toBe(400);
  expect((await patch({ display: { themeMode: 'light' } })).status).toBe(400);
  expect((await patch({ hideName: 'yes' })).status).toBe(400);
  expect((await patch({})).status).toBe(400);
  const after = await call<Settings>(profile, request('GET', '/users/profile', { token }));
  expect(after.data!.settings).toMatchObject({ hideName: false, display: null });
  const anonymous = await call(
    settings,
    request('PATCH', '/users/settings', { body: { hideName: true } }),
  );
  expect(anonymous.status).toBe(401);
});

describe('sign-in alerts', () => {
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const signIn = (email: string, userAgent: string) =>
    call(
      login,
      request('POST', '/auth/login', {
        body: { email, password: 'secret123' },
        ip: freshIp(),
        headers: { 'user-agent': userAgent },
      }),
    );
  const alerts = async (email: string) =>
    (await sentTo(email)).filter((m) => m.subject.startsWith('New sign-in'));

  it('mails the player, when asked, on a sign-in from a device not seen before', async () => {
    const email = 'alerts@example.com';
    const { token } = await activePlayer(email);
    await signIn(email, chrome);
    await signIn(email, iphone);
    expect(await alerts(email)).toHaveLength(0);

    const on = await call<Settings & { settings: { signInAlerts: boolean } }>(
      settings,
      request('PATCH', '/users/settings', { token, body: { signInAlerts: true } }),
    );
    expect(on.data!.settings.signInAlerts).toBe(true);
    await signIn(email, chrome.replace('130.0', '131.0'));
    expect(await alerts(email)).toHaveLength(0);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
    await signIn(email, firefox);
    const [mail] = await alerts(email);
    expect(mail!.body).toContain('Firefox, Linux');
    expect(mail!.body).toMatch(/address 198\.51\.100\.\d+/);
  });
});
