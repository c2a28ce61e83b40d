import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { useEffect } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { configKeys } from '@/lib/api/queries/config';
import {
  DISPLAY_SETTINGS_COOKIE,
  defaultDisplaySettings,
  parseDisplaySettings,
} from '@/lib/settings/display-settings';
import { SettingsProvider, useSettings } from '@/components/settings/settings-context';
import { SettingsDrawer } from '@/components/settings/settings-drawer';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

const replace = jest.fn();
jest.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/casino',
  useRouter: () => ({ replace }),
}));
jest.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams('tab=lobby') }));

function OpenDrawer() {
  const { setDrawerOpen } = useSettings();
  useEffect(() => setDrawerOpen(true), [setDrawerOpen]);
  return null;
}

function renderDrawer(locale: 'en' | 'ar' = 'en') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(configKeys.languages, [
    {
      abbreviatedCode: 'en',
      nameOfTheLanguage: 'English',
      flag: '/flags/gb.svg',
      direction: 'ltr',
    },
    {
      abbreviatedCode: 'es',
      nameOfTheLanguage: 'Español',
      flag: '/flags/es.svg',
      direction: 'ltr',
    },
  ]);
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar}>
      <QueryClientProvider client={queryClient}>
        <SettingsProvider initial={defaultDisplaySettings}>
          <OpenDrawer />
          <SettingsDrawer />
        </SettingsProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const savedCookie = () => parseDisplaySettings(Cookies.get(DISPLAY_SETTINGS_COOKIE));

beforeEach(() => {
  Cookies.remove(DISPLAY_SETTINGS_COOKIE);
  replace.mockReset();
});

describe('settings drawer', () => {
  it('writes each change to the settings cookie', () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Light' }));
    expect(savedCookie().themeMode).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Right to left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Orange' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mini' }));
    fireEvent.click(screen.getByRole('button', { name: 'American (+150)' }));
    expect(savedCookie()).toEqual({
      ...defaultDisplaySettings,
      themeMode: 'light',
      themeContrast: 'bold',
      themeDirection: 'rtl',
      themeColorPresets: 'orange',
      themeLayout: 'mini',
      oddsFormat: 'american',
    });
    expect(screen.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('resets to the defaults but keeps the language', () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Light' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(savedCookie()).toEqual(defaultDisplaySettings);
  });

  it('switches language on the same page with its query string', () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: /Español/ }));
    expect(replace).toHaveBeenCalledWith('/casino?tab=lobby', { locale: 'es' });
    expect(savedCookie().language).toBe('es');
  });

  it('locks the direction in a right-to-left language and says why', () => {
    renderDrawer('ar');
    expect(screen.getByRole('button', { name: 'من اليمين إلى اليسار' })).toBeDisabled();
    expect(screen.getByText(ar.settings.rtlLocked)).toBeInTheDocument();
  });
});
