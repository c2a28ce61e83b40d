'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef } from 'react';
import { minesLadder } from '@/lib/fairness/mines';
import { decimalText } from '@/lib/fairness/outcome';

/**
 * What a cash-out pays after each safe tile, for the chosen mines — the exact ladder the server
 * pays, worked out here with the same code. The step reached is marked and kept in view.
 */
export function MinesLadder({
  mines,
  edgeBps,
  reached,
}: {
  mines: number;
  edgeBps: number;
  reached: number;
}) {
  const t = useTranslations('originals.mines');
  const steps = useMemo(
    () => minesLadder(mines, edgeBps).map((m) => decimalText(m)),
    [mines, edgeBps],
  );
  const current = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [reached]);

  return (
    <Box component="section">
      <Box
        component="ol"
        // It scrolls sideways: a keyboard reaches it to scroll it.
        tabIndex={0}
        aria-label={t('ladder')}
        data-testid="mines-ladder"
        sx={{ display: 'flex', gap: 1, overflowX: 'auto', listStyle: 'none', p: 0, m: 0, pb: 1 }}
      >
        {steps.map((multiplier, i) => {
          const picks = i + 1;
          const here = picks === reached;
          return (
            <Box
              component="li"
              key={picks}
              ref={here ? current : undefined}
              aria-current={here ? 'step' : undefined}
              sx={{
                flex: '0 0 auto',
                px: 1.5,
                py: 0.75,
                borderRadius: 1,
                border: 1,
                borderColor: here ? 'success.main' : 'divider',
                bgcolor: picks < reached ? 'action.selected' : 'transparent',
              }}
            >
              <Typography variant="caption" component="span">
                {t('ladderStep', { picks, multiplier })}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
