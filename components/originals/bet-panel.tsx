'use client';

import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { double, halve, isStake, payoutAt } from '@/lib/originals/stake';
import { formatAmount, subtractDecimal } from '@/lib/wallet/format';
import type { AutobetSettings } from './use-autobet';

export type PanelMode = 'manual' | 'auto';

/** The bet form: stake (½, 2×), the profit a win would make, and autobet's count and stops. */
export function BetPanel({
  mode,
  onMode,
  amount,
  onAmount,
  currency,
  decimals,
  balance,
  multiplier,
  auto,
  onAuto,
  locked,
}: {
  mode: PanelMode;
  /** Absent for a game with no autobet (Mines): no tabs. */
  onMode?: (mode: PanelMode) => void;
  amount: string;
  onAmount: (amount: string) => void;
  currency: string;
  decimals: number;
  balance: string | null;
  /** What a win pays per unit staked (Plinko: the most it can), as a decimal. */
  multiplier: string | null;
  auto?: AutobetSettings;
  onAuto?: (settings: AutobetSettings) => void;
  /** A bet or a run is on: the form waits. */
  locked: boolean;
}) {
  const t = useTranslations('originals.panel');
  const locale = useLocale();
  const valid = isStake(amount, decimals);
  const profit =
    valid && multiplier
      ? subtractDecimal(payoutAt(amount, multiplier, decimals), amount.trim())
      : null;
  const stop = (key: 'stopOnProfit' | 'stopOnLoss') => (e: { target: { value: string } }) =>
    auto && onAuto?.({ ...auto, [key]: e.target.value.trim() });

  return (
    <Stack spacing={2}>
      {onMode && (
        <Tabs
          value={mode}
          onChange={(_, value: PanelMode) => onMode(value)}
          variant="fullWidth"
          aria-label={t('modeLabel')}
        >
          <Tab value="manual" label={t('manual')} disabled={locked} />
          <Tab value="auto" label={t('auto')} disabled={locked} />
        </Tabs>
      )}
      <TextField
        label={t('amount')}
        value={amount}
        onChange={(e) => onAmount(e.target.value)}
        error={!valid}
        helperText={
          valid
            ? balance !== null
              ? t('balance', { amount: formatAmount(balance, locale), currency })
              : undefined
            : t('amountInvalid', { decimals })
        }
        disabled={locked}
        slotProps={{
          // The balance stays readable while the form waits (a Mines game in play keeps it locked).
          formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Typography variant="body2" component="span" sx={{ mr: 1 }}>
                  {currency}
                </Typography>
                <Button
                  size="small"
                  aria-label={t('halve')}
                  onClick={() => onAmount(halve(amount, decimals))}
                  disabled={locked}
                  sx={{ minWidth: 36 }}
                >
                  ½
                </Button>
                <Button
                  size="small"
                  aria-label={t('double')}
                  onClick={() => onAmount(double(amount, decimals, balance ?? undefined))}
                  disabled={locked}
                  sx={{ minWidth: 36 }}
                >
                  2×
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        label={t('profit')}
        value={profit === null ? '—' : `${formatAmount(profit, locale)} ${currency}`}
        slotProps={{ input: { readOnly: true } }}
      />
      {mode === 'auto' && auto && onAuto && (
        <>
          <TextField
            label={t('count')}
            type="number"
            value={auto.count}
            helperText={t('countHelp')}
            disabled={locked}
            onChange={(e) =>
              onAuto({ ...auto, count: Math.max(0, Math.floor(Number(e.target.value) || 0)) })
            }
            slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          />
          <TextField
            label={t('stopOnProfit')}
            value={auto.stopOnProfit}
            onChange={stop('stopOnProfit')}
            error={auto.stopOnProfit !== '' && !isStake(auto.stopOnProfit, decimals)}
            disabled={locked}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('stopOnLoss')}
            value={auto.stopOnLoss}
            onChange={stop('stopOnLoss')}
            error={auto.stopOnLoss !== '' && !isStake(auto.stopOnLoss, decimals)}
            disabled={locked}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </>
      )}
    </Stack>
  );
}
