import {
  arSD,
  deDE,
  esES,
  frFR,
  jaJP,
  koKR,
  ptBR,
  ruRU,
  trTR,
  viVN,
  zhCN,
} from '@mui/x-data-grid/locales';
import type { Locale } from '@/lib/i18n/locales';

/** The data grid's own texts (pagination, loading, no rows) in the back office's language. */
const byLocale = {
  ar: arSD,
  de: deDE,
  es: esES,
  fr: frFR,
  ja: jaJP,
  ko: koKR,
  pt: ptBR,
  ru: ruRU,
  tr: trTR,
  vi: viVN,
  zh: zhCN,
} satisfies Partial<
  Record<Locale, { components: { MuiDataGrid: { defaultProps: { localeText: object } } } }>
>;

/** English is the grid's default: nothing to pass. */
export function gridLocaleText(locale: string) {
  const found = Object.entries(byLocale).find(([code]) => code === locale)?.[1];
  return found?.components.MuiDataGrid.defaultProps.localeText;
}
