'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { diceChance, diceMultiplier, isDiceTarget } from '@/lib/fairness/dice';
import { decimalText } from '@/lib/fairness/outcome';
import { toHundredths } from '@/lib/originals/params';
import type { Bet, BetParams } from '@/lib/schemas/originals';

type DiceParams = Extract<BetParams, { game: 'dice' }>;

const win = 'var(--mui-palette-success-main)';
const lose = 'var(--mui-palette-error-main)';

/** The target's range for a side: the chance must stay within 0.01–98 %. */
const rangeOf = (side: DiceParams['side']) => (side === 'over' ? [2, 99.99] : [0.01, 98]);

/**
 * Dice: roll over or under a target. The slider sets the target; the multiplier and the chance
 * follow from it and the edge, exactly as the platform pays them.
 */
export function DiceBoard({
  params,
  onChange,
  edgeBps,
  last,
  disabled,
}: {
  params: DiceParams;
  onChange: (params: DiceParams) => void;
  edgeBps: number;
  last: Bet | null;
  disabled: boolean;
}) {
  const t = useTranslations('originals.dice');
  const units = toHundredths(params.target);
  const valid = isDiceTarget(units, params.side);
  const chance = diceChance(units, params.side) / 100;
  const multiplier = valid ? decimalText(diceMultiplier(units, params.side, edgeBps)) : '—';
  const roll = last?.game === 'dice' ? Number(last.result.roll) : null;
  const [min, max] = rangeOf(params.side);
  const setTarget = (value: number) =>
    onChange({ ...params, target: Math.min(max!, Math.max(min!, Math.round(value * 100) / 100)) });

  return (
    <Stack spacing={3} data-testid="dice-board">
      <Box sx={{ textAlign: 'center', minHeight: { xs: 48, md: 72 } }} aria-live="polite">
        {roll !== null && last && (
          <Typography
            component="p"
            data-testid="dice-roll"
            sx={{
              fontSize: '3rem',
              fontWeight: 700,
              color: last.win ? 'success.main' : 'error.main',
            }}
          >
            {t('rolled', { roll: roll.toFixed(2) })}
          </Typography>
        )}
      </Box>
      <Slider
        value={params.target}
        min={0}
        max={100}
        step={0.01}
        disabled={disabled}
        onChange={(_, value) => setTarget(Array.isArray(value) ? value[0]! : value)}
        marks={roll !== null ? [{ value: roll, label: roll.toFixed(2) }] : undefined}
        track={false}
        slotProps={{ input: { 'aria-label': t('target') } }}
        sx={{
          // The rail is the roll's range: green where a roll wins, red where it loses.
          '& .MuiSlider-rail': {
            height: 8,
            opacity: 0.8,
            background: `linear-gradient(90deg, ${
              params.side === 'over' ? lose : win
            } ${params.target}%, ${params.side === 'over' ? win : lose} ${params.target}%)`,
          },
        }}
      />
      <Stack direction="row" spacing={{ xs: 1, sm: 2 }}>
        <TextField
          label={t('multiplier')}
          value={multiplier}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
        <TextField
          label={params.side === 'over' ? t('rollOver') : t('rollUnder')}
          type="number"
          value={params.target}
          disabled={disabled}
          error={!valid}
          helperText={valid ? undefined : t('targetRange', { min: min!, max: max! })}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isFinite(value)) onChange({ ...params, target: value });
          }}
          slotProps={{ htmlInput: { min, max, step: 0.01, inputMode: 'decimal' } }}
          fullWidth
        />
        <TextField
          label={t('chance')}
          value={valid ? `${chance.toFixed(2)} %` : '—'}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
      </Stack>
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={() =>
          onChange({
            game: 'dice',
            side: params.side === 'over' ? 'under' : 'over',
            target: Math.round((100 - params.target) * 100) / 100,
          })
        }
      >
        {params.side === 'over' ? t('switchToUnder') : t('switchToOver')}
      </Button>
    </Stack>
  );
}
