import { avatarColor } from '@/lib/theme/avatar-color';
import { createAppTheme } from '@/lib/theme/create-theme';
import { primaryFor } from '@/lib/theme/core/presets';
import { themeConfig } from '@/lib/theme/theme-config';
import { themeColorPresets } from '@/lib/settings/display-settings';
import { localizedPath } from '@/lib/seo/metadata';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme', () => {
  const theme = createAppTheme({
    themeColorPresets: 'default',
    themeContrast: 'default',
    direction: 'ltr',
  });

  it('uses the breakpoints of spec §9', () => {
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 768, md: 1025, lg: 1280, xl: 1440 });
  });

  it('caps the container at 1200 from md up and rounds 6 below md, 8 from md', () => {
    const container = theme.components?.MuiContainer?.styleOverrides?.root as (p: {
      theme: typeof theme;
    }) => object;
    expect(container({ theme })).toEqual({ '@media (min-width:1025px)': { maxWidth: 1200 } });
    const baseline = theme.components?.MuiCssBaseline?.styleOverrides as Record<
      string,
      Record<string, unknown>
    >;
    expect(baseline['html:root']).toEqual({
      '--mui-shape-borderRadius': '6px',
      '@media (min-width: 1025px)': { '--mui-shape-borderRadius': '8px' },
    });
  });

  it('declares the six custom button variants and the xlarge size', () => {
    const variants = (theme.components?.MuiButton?.variants ?? []).map((v) => v.props);
    expect(variants).toEqual(
      expect.arrayContaining([
        { size: 'xlarge' },
        ...[
          'header',
          'headerSecondary',
          'headerTerciary',
          'outlinedPrimary',
          'outlinedSecondary',
          'outlinedTerciary',
        ].map((variant) => ({ variant })),
      ]),
    );
  });

  it('shows at most 4 avatars in a group', () => {
    expect(theme.components?.MuiAvatarGroup?.defaultProps?.max).toBe(themeConfig.avatarGroupMax);
    expect(themeConfig.avatarGroupMax).toBe(4);
  });

  it('gives bold contrast a grey light page and flatter cards', () => {
    const bold = createAppTheme({
      themeColorPresets: 'default',
      themeContrast: 'bold',
      direction: 'ltr',
    });
    expect(bold.colorSchemes.light?.palette.background.default).toBe('#F4F6F8');
    expect(theme.colorSchemes.light?.palette.background.default).toBe('#FFFFFF');
    expect(bold.colorSchemes.dark?.palette.background.default).toBe(
      theme.colorSchemes.dark?.palette.background.default,
    );
    const card = (t: typeof theme) =>
      (
        t.components?.MuiCard?.styleOverrides?.root as (p: { theme: typeof theme }) => {
          boxShadow: string;
        }
      )({ theme: t }).boxShadow;
    expect(card(bold)).toContain('cardFlat');
    expect(card(theme)).not.toContain('cardFlat');
  });

  it.each(themeColorPresets)('keeps preset %s readable (WCAG AA) in both schemes', (preset) => {
    const light = primaryFor(preset, 'light');
    const dark = primaryFor(preset, 'dark');
    expect(contrast(light.main, light.contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light.main, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.main, dark.contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.main, '#141A21')).toBeGreaterThanOrEqual(4.5);
  });

  it('sets the direction it is given', () => {
    expect(
      createAppTheme({ themeColorPresets: 'red', themeContrast: 'default', direction: 'rtl' })
        .direction,
    ).toBe('rtl');
  });
});

describe('avatar colour', () => {
  it('comes from the first letter of the alt text', () => {
    expect(avatarColor('Alice')).toBe('primary');
    expect(avatarColor('alice')).toBe('primary');
    expect(avatarColor('Frank')).toBe('secondary');
    expect(avatarColor('Kim')).toBe('info');
    expect(avatarColor('Nora')).toBe('success');
    expect(avatarColor('Sam')).toBe('warning');
    expect(avatarColor('Zoe')).toBe('error');
    expect(avatarColor('7up')).toBe('default');
    expect(avatarColor('')).toBe('default');
    expect(avatarColor(undefined)).toBe('default');
  });
});

describe('localized paths', () => {
  it('leaves English bare and prefixes the rest', () => {
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('en', '/casino')).toBe('/casino');
    expect(localizedPath('es', '/')).toBe('/es');
    expect(localizedPath('ar', 'casino')).toBe('/ar/casino');
  });
});
