import type { ThemeContrast, ThemeColorPreset } from '@/lib/settings/display-settings';
import { primaryFor } from './presets';

export const grey = {
  50: '#FCFDFD',
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
};

const secondary = {
  lighter: '#EFD6FF',
  light: '#C684FF',
  main: '#8E33FF',
  dark: '#5119B7',
  darker: '#27097A',
  contrastText: '#FFFFFF',
};
const info = {
  lighter: '#CAFDF5',
  light: '#61F3F3',
  main: '#00B8D9',
  dark: '#006C9C',
  darker: '#003768',
  contrastText: '#FFFFFF',
};
const success = {
  lighter: '#D3FCD2',
  light: '#77ED8B',
  main: '#22C55E',
  dark: '#118D57',
  darker: '#065E49',
  contrastText: '#FFFFFF',
};
const warning = {
  lighter: '#FFF5CC',
  light: '#FFD666',
  main: '#FFAB00',
  dark: '#B76E00',
  darker: '#7A4100',
  contrastText: grey[800],
};
const error = {
  lighter: '#FFE9D5',
  light: '#FFAC82',
  main: '#FF5630',
  dark: '#B71D18',
  darker: '#7A0916',
  contrastText: '#FFFFFF',
};

const common = { secondary, info, success, warning, error, grey };

export function lightPalette(preset: ThemeColorPreset, contrast: ThemeContrast) {
  return {
    ...common,
    primary: primaryFor(preset, 'light'),
    text: { primary: grey[800], secondary: grey[600], disabled: grey[500] },
    // Bold contrast in light mode: a grey page so white cards stand out (spec §4).
    background: {
      paper: '#FFFFFF',
      default: contrast === 'bold' ? grey[200] : '#FFFFFF',
      neutral: grey[200],
    },
    divider: 'rgba(145 158 171 / 0.2)',
  };
}

export function darkPalette(preset: ThemeColorPreset) {
  return {
    ...common,
    primary: primaryFor(preset, 'dark'),
    text: { primary: '#FFFFFF', secondary: grey[500], disabled: grey[600] },
    background: { paper: grey[800], default: grey[900], neutral: '#28323D' },
    divider: 'rgba(145 158 171 / 0.2)',
  };
}
