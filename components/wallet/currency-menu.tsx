'use client';

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { playerApi } from '@/lib/api/auth';
import { playerKeys } from '@/lib/api/queries/player';
import { fiatCurrencies, type FiatCurrency } from '@/lib/schemas/rates';
import { formatAmount } from '@/lib/wallet/format';
import type { SessionWallet } from '@/components/session/session-context';
import { useFiatValue } from './use-fiat-view';

type Props = {
  wallet: SessionWallet;
  anchor: HTMLElement | null;
  id: string;
  onClose: () => void;
};

const isZero = (amount: string) => !/[1-9]/.test(amount);

/**
 * The navbar currency selector: the player's balances, each with its withdraw-only balance when
 * there is one (search, hide zero), the one chosen is saved to the account
 * (settings.navbarCurrency); below, view in fiat and its currency
 * (settings.view_in_fiat_object.currency), converted at the rates the platform serves.
 */
export function CurrencyMenu({ wallet, anchor, id, onClose }: Props) {
  const t = useTranslations('walletMenu');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const fiat = useFiatValue(wallet.fiatCurrency);
  const save = useMutation({
    mutationFn: (settings: { navbarCurrency?: string; currency?: FiatCurrency }) =>
      playerApi.updateSettings(settings, locale),
    onSuccess: (profile) => queryClient.setQueryData(playerKeys.profile, profile),
  });

  const needle = search.trim().toUpperCase();
  // A currency holding only withdraw-only money is not a zero balance.
  const shown = wallet.balances.filter(
    (b) =>
      (!needle || b.currency.includes(needle)) &&
      !(hideZero && isZero(b.amount) && isZero(b.withdrawOnly ?? '0')),
  );

  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{ paper: { sx: { width: 300, maxWidth: 'calc(100vw - 16px)' } } }}
    >
      <Box sx={{ p: 1.5 }}>
        <TextField
          size="small"
          fullWidth
          label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoFocus
        />
      </Box>
      <List dense aria-label={t('balances')} sx={{ maxHeight: 320, overflowY: 'auto', py: 0 }}>
        {shown.map((b) => (
          <ListItemButton
            key={b.currency}
            selected={b.currency === wallet.navbarCurrency}
            onClick={() => {
              save.mutate({ navbarCurrency: b.currency });
              onClose();
            }}
            sx={{ justifyContent: 'space-between', gap: 2 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {b.currency}
            </Typography>
            <Box sx={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
              <Typography variant="body2">{formatAmount(b.amount, locale)}</Typography>
              {fiat.on && (
                <Typography variant="caption" color="text.secondary">
                  {fiat.inFiat(b.currency, b.amount)}
                </Typography>
              )}
              {b.withdrawOnly && !isZero(b.withdrawOnly) && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  data-testid="currency-withdraw-only"
                >
                  {t('withdrawOnly', { amount: formatAmount(b.withdrawOnly, locale) })}
                </Typography>
              )}
            </Box>
          </ListItemButton>
        ))}
        {!shown.length && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {t('none')}
          </Typography>
        )}
      </List>
      <Stack spacing={0.5} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={<Switch checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} />}
          label={t('hideZero')}
        />
        <FormControlLabel
          control={<Switch checked={fiat.on} onChange={(e) => fiat.setOn(e.target.checked)} />}
          label={t('viewInFiat')}
        />
        {fiat.on && (
          <TextField
            select
            size="small"
            label={t('fiatCurrency')}
            value={fiat.fiatCurrency}
            onChange={(e) =>
              save.mutate({ currency: fiatCurrencies.find((c) => c === e.target.value) })
            }
          >
            {fiatCurrencies.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        )}
        {fiat.on && fiat.indicative && (
          <Typography variant="caption" color="text.secondary">
            {t('indicative')}
          </Typography>
        )}
      </Stack>
    </Popover>
  );
}
