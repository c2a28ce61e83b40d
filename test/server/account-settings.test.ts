import { GET as profile } from '@/app/api/v1/users/profile/route';
import { PATCH as settings } from '@/app/api/v1/users/settings/route';
import { closeDb } from '@/lib/server/db';
import { call, request } from './helpers/api';
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
