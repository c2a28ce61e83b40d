'use client';

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { decimalText } from '@/lib/fairness/outcome';
import { plinkoRtp } from '@/lib/fairness/plinko';
import { PLINKO_TABLES } from '@/lib/fairness/plinko-tables';
import type { Bet, BetParams } from '@/lib/schemas/originals';
import hidden from '@/components/ui/visually-hidden.module.css';
import { PlinkoSettings } from './plinko-settings';
import { useReducedMotion } from './use-reduced-motion';

type PlinkoParams = Extract<BetParams, { game: 'plinko' }>;

const GAP = 10;
const STEP_MS = 70;
/** Where the ball is after `step` rows of its path (0: above the first row). */
function ballAt(path: readonly number[], step: number, center: number) {
  const rights = path.slice(0, step).reduce((sum, d) => sum + d, 0);
  return { x: center + (rights - step / 2) * GAP, y: step * GAP + GAP / 2 };
}

/** The ball's row, one row every STEP_MS after a new result (at once with reduced motion). */
function useDrop(path: readonly number[] | null, key: string | undefined): number {
  const still = useReducedMotion();
  const [drop, setDrop] = useState<{ key?: string; step: number }>({ key, step: 0 });
  useEffect(() => {
    if (!path || still) return;
    let step = 0;
    const timer = setInterval(() => {
      step += 1;
      setDrop({ key, step });
      if (step >= path.length) clearInterval(timer);
    }, STEP_MS);
    return () => clearInterval(timer);
  }, [path, key, still]);
  if (!path) return 0;
  if (still) return path.length;
  return drop.key === key ? Math.min(drop.step, path.length) : 0;
}

/** Plinko: rows and risk pick one of Stake's 27 tables; the ball's path decides the bucket. */
export function PlinkoBoard({
  params,
  onChange,
  last,
  disabled,
}: {
  params: PlinkoParams;
  onChange: (params: PlinkoParams) => void;
  last: Bet | null;
  disabled: boolean;
}) {
  const t = useTranslations('originals.plinko');
  const { rows, risk } = params;
  const table = PLINKO_TABLES[rows]![risk];
  const rtp = plinkoRtp(rows, risk);
  const shownBet =
    last?.game === 'plinko' &&
    last.params.game === 'plinko' &&
    last.params.rows === rows &&
    last.params.risk === risk
      ? last
      : null;
  const path = shownBet ? (shownBet.result.path as number[]) : null;
  const step = useDrop(path, shownBet?.id);
  const width = (rows + 2) * GAP;
  const center = width / 2;
  const landed = path && step === path.length ? Number(shownBet?.result.bucket) : null;
  const ball = path ? ballAt(path, step, center) : null;

  return (
    <Stack spacing={2} data-testid="plinko-board">
      <p className={hidden.visuallyHidden} aria-live="polite">
        {landed !== null ? t('landed', { multiplier: table[landed]! }) : ''}
      </p>
      <svg
        viewBox={`0 0 ${width} ${(rows + 2) * GAP}`}
        role="img"
        aria-label={t('boardLabel', { rows })}
        style={{ width: '100%', maxHeight: 420 }}
      >
        {Array.from({ length: rows }, (_, i) =>
          Array.from({ length: i + 3 }, (_, j) => (
            <circle
              key={`${i}-${j}`}
              cx={center + (j - (i + 2) / 2) * GAP}
              cy={(i + 1) * GAP}
              r={0.9}
              fill="currentColor"
              opacity={0.6}
            />
          )),
        )}
        {table.map((m, k) => (
          <g key={k} data-testid={landed === k ? 'plinko-landed' : undefined}>
            <rect
              x={center + (k - rows / 2) * GAP - GAP / 2 + 0.5}
              y={(rows + 0.6) * GAP}
              width={GAP - 1}
              height={GAP * 0.9}
              rx={1.5}
              fill={
                Number(m) >= 1 ? 'var(--mui-palette-warning-main)' : 'var(--mui-palette-info-main)'
              }
              opacity={landed === k ? 1 : 0.55}
            />
            <text
              x={center + (k - rows / 2) * GAP}
              y={(rows + 1.2) * GAP}
              fontSize={rows > 12 ? 2.4 : 3}
              textAnchor="middle"
              fill="var(--mui-palette-common-black)"
            >
              {m}
            </text>
          </g>
        ))}
        {ball && (
          <circle
            cx={0}
            cy={0}
            r={1.8}
            fill="var(--mui-palette-error-main)"
            style={{
              transform: `translate(${ball.x}px, ${ball.y}px)`,
              transition: `transform ${STEP_MS}ms linear`,
            }}
          />
        )}
      </svg>
      <PlinkoSettings
        rows={rows}
        risk={risk}
        disabled={disabled}
        onChange={(next) => onChange({ ...params, ...next })}
      />
      <Typography variant="body2" color="text.secondary" data-testid="plinko-rtp">
        {t('rtp', { rtp: decimalText({ num: rtp.num * BigInt(100), den: rtp.den }, 4) })}
      </Typography>
    </Stack>
  );
}
