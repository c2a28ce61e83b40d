'use client';

import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Network } from '@/lib/schemas/networks';
import { useNetworkLabel } from './network-label';

type Pair = { currency: string; network: Network };

/**
 * The currency, then the network, of a wallet tab: the options are what the platform offers
 * (deposit or withdrawal options); the player's navbar currency first when it is one of them.
 */
export function usePairPicker<T extends Pair>(options: T[] | undefined, preferred?: string) {
  const currencies = [...new Set(options?.map((o) => o.currency))];
  const [picked, setPicked] = useState<string | null>(null);
  const [pickedNetwork, setPickedNetwork] = useState<Network | null>(null);
  const currency =
    picked ?? (preferred && currencies.includes(preferred) ? preferred : currencies[0]);
  const onCurrency = options?.filter((o) => o.currency === currency) ?? [];
  const option = onCurrency.find((o) => o.network === pickedNetwork) ?? onCurrency[0];
  return {
    option,
    currencies,
    networks: onCurrency.map((o) => o.network),
    pickCurrency: (value: string) => {
      setPicked(value);
      setPickedNetwork(null);
    },
    pickNetwork: (value: string) =>
      setPickedNetwork(onCurrency.find((o) => o.network === value)?.network ?? null),
  };
}

/** The two selects of usePairPicker, side by side (stacked on phones). */
export function PairSelects({ picker }: { picker: ReturnType<typeof usePairPicker<Pair>> }) {
  const t = useTranslations('wallet');
  const networkLabel = useNetworkLabel();
  if (!picker.option) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        fullWidth
        label={t('currency')}
        value={picker.option.currency}
        onChange={(e) => picker.pickCurrency(e.target.value)}
      >
        {picker.currencies.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        label={t('network')}
        value={picker.option.network}
        onChange={(e) => picker.pickNetwork(e.target.value)}
      >
        {picker.networks.map((n) => (
          <MenuItem key={n} value={n}>
            {networkLabel(n)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
