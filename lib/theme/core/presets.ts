import type { ThemeColorPreset } from '@/lib/settings/display-settings';

export type ColorChannel = {
  lighter: string;
  light: string;
  main: string;
  dark: string;
  darker: string;
  contrastText: string;
};

type Preset = {
  shades: Omit<ColorChannel, 'main' | 'contrastText'>;
  lightMain: string;
  darkMain: string;
};

/** A preset from its four shades and the main colour each scheme uses. */
function makePreset(
  [lighter, light, dark, darker]: [string, string, string, string],
  lightMain: string,
  darkMain: string,
): Preset {
  return { shades: { lighter, light, dark, darker }, lightMain, darkMain };
}

/**
 * Colour presets (spec §4). Each scheme takes the shade that keeps text and buttons at WCAG AA
 * contrast against its own background: a deeper shade on white, a brighter one on the dark page.
 */
const presets: Record<ThemeColorPreset, Preset> = {
  // [lighter, light, dark, darker], then main on a light page and main on a dark page.
  default: makePreset(['#C8FAD6', '#5BE49B', '#007867', '#004B50'], '#007867', '#00A76F'),
  cyan: makePreset(['#CCF4FE', '#68CDF9', '#0351AB', '#012972'], '#0351AB', '#078DEE'),
  purple: makePreset(['#EBD6FD', '#B985F4', '#431A9E', '#200A69'], '#5B27C4', '#B985F4'),
  blue: makePreset(['#D1E9FC', '#76B0F1', '#103996', '#061B64'], '#1A53B8', '#76B0F1'),
  orange: makePreset(['#FEF4D4', '#FED680', '#B66816', '#793908'], '#8F4A0C', '#FDA92D'),
  red: makePreset(['#FFE3D5', '#FFC1AC', '#B71833', '#7A0930'], '#B71833', '#FF4D4D'),
};

export function primaryFor(preset: ThemeColorPreset, scheme: 'light' | 'dark'): ColorChannel {
  const p = presets[preset];
  return scheme === 'light'
    ? { ...p.shades, main: p.lightMain, contrastText: '#FFFFFF' }
    : { ...p.shades, main: p.darkMain, contrastText: '#141A21' };
}

/** The swatch shown for each preset in the settings drawer. */
export function presetSwatch(preset: ThemeColorPreset): string {
  return presets[preset].darkMain;
}
