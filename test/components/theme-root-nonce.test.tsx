import { render, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { defaultDisplaySettings } from '@/lib/settings/display-settings';
import { ThemeRoot } from '@/components/providers/theme-root';
import { SettingsProvider } from '@/components/settings/settings-context';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const DOCUMENT_NONCE = 'nonce-of-the-document';

/** The root layout's providers as one language renders them, with that response's nonce. */
function Page({ locale, nonce }: { locale: 'en' | 'es'; nonce: string }) {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : es}>
      <SettingsProvider initial={defaultDisplaySettings}>
        <ThemeRoot nonce={nonce} themeVersion="test">
          <p>{locale}</p>
        </ThemeRoot>
      </SettingsProvider>
    </NextIntlClientProvider>
  );
}

const emotionStyles = () =>
  Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion]'));

beforeAll(() => {
  // What the server wrote: Next's scripts carry the nonce of the document's CSP header.
  const script = document.createElement('script');
  script.setAttribute('nonce', DOCUMENT_NONCE);
  document.head.appendChild(script);
});

describe('ThemeRoot and the CSP nonce', () => {
  it("keeps the document's nonce on the base styles when a language switch mounts the tree again", async () => {
    const view = render(<Page key="en" locale="en" nonce={DOCUMENT_NONCE} />);
    await waitFor(() => expect(emotionStyles().length).toBeGreaterThan(0));

    // /es: the [lang] segment changes, so React mounts the root layout's tree again, and the RSC
    // payload of that navigation carries another request's nonce.
    view.rerender(<Page key="es" locale="es" nonce="nonce-of-the-navigation" />);
    await waitFor(() => expect(view.container).toHaveTextContent('es'));

    // CssBaseline's global style (body margin, font) was taken out with the old tree and written
    // again: it must carry the nonce the document's CSP admits.
    const globals = emotionStyles().filter((s) => s.dataset.emotion?.includes('-global'));
    expect(globals.length).toBeGreaterThan(0);
    for (const style of emotionStyles()) {
      expect(style.getAttribute('nonce')).toBe(DOCUMENT_NONCE);
    }
  });
});
