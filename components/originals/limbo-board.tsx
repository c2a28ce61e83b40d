'use client';

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { isLimboTarget } from '@/lib/fairness/limbo';
import { toHundredths } from '@/lib/originals/params';
import type { Bet, BetParams } from '@/lib/schemas/originals';
import hidden from '@/components/ui/visually-hidden.module.css';
import { useReducedMotion } from './use-reduced-motion';

type LimboParams = Extract<BetParams, { game: 'limbo' }>;

/** How long the result counts up from 1.00×. */
const COUNT_MS = 500;

/** The result counting up to its value, or shown at once when the player asks for less motion. */
function useCountUp(value: number | null, key: string | undefined): number | null {
  const still = useReducedMotion();
  const [count, setCount] = useState<{ key?: string; shown: number }>({ key, shown: 1 });
  useEffect(() => {
    if (value === null || still) return;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / COUNT_MS);
      // Up from 1× on a curve that ends exactly on the value.
      setCount({ key, shown: progress === 1 ? value : 1 + (value - 1) * progress * progress });
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [value, key, still]);
  if (value === null || still) return value;
  return count.key === key ? count.shown : 1;
}

/** Limbo: name a multiplier; the result must reach it. */
export function LimboBoard({
  params,
  onChange,
  edgeBps,
  last,
  disabled,
}: {
  params: LimboParams;
  onChange: (params: LimboParams) => void;
  edgeBps: number;
  last: Bet | null;
  disabled: boolean;
}) {
  const t = useTranslations('originals.limbo');
  const valid = isLimboTarget(toHundredths(params.target));
  const chance = (10_000 - edgeBps) / 100 / params.target;
  const result = last?.game === 'limbo' ? Number(last.result.result) : null;
  const shown = useCountUp(result, last?.id);
  const settled = shown !== null && shown === result;

  return (
    <Stack spacing={3} data-testid="limbo-board">
      {/* Announced once the count has ended, not at every frame of it. */}
      <p className={hidden.visuallyHidden} aria-live="polite">
        {settled && last ? `${result!.toFixed(2)}×` : ''}
      </p>
      <Box sx={{ textAlign: 'center', minHeight: { xs: 64, md: 96 } }} aria-hidden={!settled}>
        {shown !== null && (
          <Typography
            component="p"
            data-testid="limbo-result"
            data-settled={settled}
            sx={{
              fontSize: { xs: '2.75rem', md: '4rem' },
              fontWeight: 700,
              color: settled ? (last?.win ? 'success.main' : 'error.main') : 'text.primary',
            }}
          >
            {`${shown.toFixed(2)}×`}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={{ xs: 1, sm: 2 }}>
        <TextField
          label={t('target')}
          type="number"
          value={params.target}
          disabled={disabled}
          error={!valid}
          helperText={valid ? undefined : t('targetRange')}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isFinite(value)) onChange({ game: 'limbo', target: value });
          }}
          slotProps={{ htmlInput: { min: 1.01, max: 1_000_000, step: 0.01, inputMode: 'decimal' } }}
          fullWidth
        />
        <TextField
          label={t('chance')}
          value={valid ? `${chance.toFixed(6).replace(/\.?0+$/, '')} %` : '—'}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
      </Stack>
    </Stack>
  );
}
