'use client';

import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import {
  PLINKO_RISKS,
  PLINKO_ROWS_MAX,
  PLINKO_ROWS_MIN,
  type PlinkoRisk,
} from '@/lib/fairness/plinko-tables';

const rowChoices = Array.from(
  { length: PLINKO_ROWS_MAX - PLINKO_ROWS_MIN + 1 },
  (_, i) => PLINKO_ROWS_MIN + i,
);

type Props = {
  rows: number;
  risk: PlinkoRisk;
  disabled?: boolean;
  onChange: (next: { rows: number; risk: PlinkoRisk }) => void;
};

/** Rows and risk, which pick one of the 27 tables: the game's controls and the verifier's form. */
export function PlinkoSettings({ rows, risk, disabled, onChange }: Props) {
  const t = useTranslations('originals.plinko');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={t('rows')}
        value={rows}
        disabled={disabled}
        onChange={(e) => onChange({ rows: Number(e.target.value), risk })}
        fullWidth
      >
        {rowChoices.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('risk')}
        value={risk}
        disabled={disabled}
        onChange={(e) =>
          onChange({ rows, risk: PLINKO_RISKS.find((r) => r === e.target.value) ?? risk })
        }
        fullWidth
      >
        {PLINKO_RISKS.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`risks.${r}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
