import type { Locale as DateLocale } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { ja } from 'date-fns/locale/ja';
import { ko } from 'date-fns/locale/ko';
import { ptBR } from 'date-fns/locale/pt-BR';
import { ru } from 'date-fns/locale/ru';
import { tr } from 'date-fns/locale/tr';
import { vi } from 'date-fns/locale/vi';
import { zhCN } from 'date-fns/locale/zh-CN';
import { isLocale, type Locale } from './locales';

const byLanguage: Record<Locale, DateLocale> = {
  en: enUS,
  es,
  pt: ptBR,
  de,
  fr,
  ru,
  tr,
  ja,
  ko,
  zh: zhCN,
  vi,
  ar,
};

/** date-fns' locale for a site language (its month names, its am/pm); imported only where used. */
export function dateLocale(language: string): DateLocale {
  return isLocale(language) ? byLanguage[language] : enUS;
}
