'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useCallback, useSyncExternalStore } from 'react';
import { ratesQuery } from '@/lib/api/queries/wallet';
import { fiatCurrencies } from '@/lib/schemas/rates';
import { formatFiat } from '@/lib/wallet/format';

const KEY = 'viewInFiat';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => window.localStorage.getItem(KEY) === '1';
const onServer = () => false;

/**
 * Whether amounts are shown in the player's fiat currency (settings.view_in_fiat_object.currency
 * says which): a choice of this browser, kept across tabs.
 */
export function useFiatView(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, onServer);
  const set = useCallback((value: boolean) => {
    window.localStorage.setItem(KEY, value ? '1' : '0');
    listeners.forEach((l) => l());
  }, []);
  return [on, set];
}

/**
 * The fiat view as the header and the currency selector show it: on or off, the player's fiat
 * currency, and `inFiat(currency, amount)` — the amount in it, or null while off or before the
 * rates (fetched only while the view is on) arrive.
 */
export function useFiatValue(fiat: string | undefined) {
  const [on, setOn] = useFiatView();
  const locale = useLocale();
  const rates = useQuery({ ...ratesQuery(), enabled: on });
  const fiatCurrency = fiatCurrencies.find((c) => c === fiat) ?? 'USD';
  const inFiat = (currency: string, amount: string) => {
    const rate = on ? rates.data?.rates[currency]?.[fiatCurrency] : undefined;
    return rate === undefined ? null : formatFiat(amount, rate, fiatCurrency, locale);
  };
  return { on, setOn, fiatCurrency, inFiat, indicative: rates.data?.source === 'indicative' };
}
