'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { CRASH_GROWTH_PER_MS, crashUnitsAt } from '@/lib/fairness/crash';
import type { CrashRound } from '@/lib/schemas/crash';
import { useReducedMotion } from '../use-reduced-motion';
import { multiplierText } from './multiplier-text';

type Props = {
  round: CrashRound | null;
  /** The server's clock minus this browser's (ms): the curve starts when the server's does. */
  offset: number;
  /** The latest tick heard (hundredths), for reduced motion: the number moves, the curve does not. */
  ticked: { roundId: string; units: number } | null;
};

/**
 * The round's curve on a canvas, drawn each frame from the round's start (the same e^(0.00006·t)
 * the server pays by), and the multiplier over it. With reduced motion nothing animates: the
 * number follows the engine's ticks and the curve is drawn at each.
 */
export function CrashCurve({ round, offset, ticked }: Props) {
  const t = useTranslations('originals.crash');
  const theme = useTheme();
  const reduced = useReducedMotion();
  const canvas = useRef<HTMLCanvasElement>(null);
  const label = useRef<HTMLSpanElement>(null);
  // Ticks matter only with reduced motion: otherwise the frames draw the curve by themselves.
  const heard = reduced ? ticked : null;

  useEffect(() => {
    const element = canvas.current;
    const text = label.current;
    if (!element || !text) return;
    const draw = (elapsed: number, units: number, busted: boolean) => {
      const ratio = window.devicePixelRatio || 1;
      const width = element.clientWidth * ratio;
      const height = element.clientHeight * ratio;
      if (element.width !== width) element.width = width;
      if (element.height !== height) element.height = height;
      const context = element.getContext('2d');
      if (!context) return;
      context.clearRect(0, 0, width, height);
      const spanMs = Math.max(8_000, elapsed * 1.15);
      const top = Math.max(2, (units / 100) * 1.15);
      const x = (ms: number) => (ms / spanMs) * width;
      const y = (m: number) => height - ((m - 1) / (top - 1)) * height * 0.92;
      context.lineWidth = 3 * ratio;
      context.strokeStyle = busted ? theme.palette.error.main : theme.palette.primary.main;
      context.beginPath();
      context.moveTo(0, height);
      const steps = 120;
      for (let i = 1; i <= steps; i += 1) {
        const ms = (elapsed * i) / steps;
        context.lineTo(x(ms), y(Math.exp(CRASH_GROWTH_PER_MS * ms)));
      }
      context.stroke();
    };

    if (!round) {
      text.textContent = '';
      draw(0, 100, false);
      return;
    }
    if (round.state === 'busted' || round.state === 'aborted') {
      const units = round.crashUnits ?? 100;
      text.textContent =
        round.state === 'busted'
          ? t('crashedAt', { multiplier: multiplierText(units) })
          : t('aborted');
      draw(Math.log(units / 100) / CRASH_GROWTH_PER_MS, units, true);
      return;
    }
    let frame = 0;
    const paint = () => {
      const elapsed = Date.now() + offset - round.startsAt;
      if (round.state === 'betting' || elapsed < 0) {
        text.textContent = t('startsIn', { seconds: Math.max(0, Math.ceil(-elapsed / 1000)) });
        draw(0, 100, false);
      } else {
        const units = crashUnitsAt(elapsed);
        text.textContent = multiplierText(units);
        draw(elapsed, units, false);
      }
    };
    if (reduced) {
      // The number from the engine's ticks; the countdown once a second.
      if (round.state === 'running' && heard?.roundId === round.id) {
        text.textContent = multiplierText(heard.units);
        draw(Math.log(heard.units / 100) / CRASH_GROWTH_PER_MS, heard.units, false);
        return;
      }
      paint();
      const timer = window.setInterval(paint, 1000);
      return () => window.clearInterval(timer);
    }
    const loop = () => {
      paint();
      frame = window.requestAnimationFrame(loop);
    };
    loop();
    return () => window.cancelAnimationFrame(frame);
  }, [round, offset, reduced, heard, t, theme]);

  return (
    <Box sx={{ position: 'relative', height: { xs: 220, md: 320 } }}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={t('curveLabel')}
        sx={{ width: '100%', height: '100%', display: 'block' }}
      />
      <Typography
        component="span"
        ref={label}
        data-testid="crash-multiplier"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: { xs: 36, md: 56 },
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          color: round?.state === 'busted' ? 'error.main' : 'text.primary',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
