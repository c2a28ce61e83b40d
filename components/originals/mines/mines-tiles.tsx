'use client';

import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import { useTranslations } from 'next-intl';
import { useRef, useState, type KeyboardEvent } from 'react';
import { MINES_SIDE, MINES_TILES } from '@/lib/fairness/mines';
import { useReducedMotion } from '../use-reduced-motion';
import {
  boardSx,
  faded,
  TILES,
  TileMark,
  tileFace,
  tileKey,
  tileSx,
  type TileState,
} from './mines-board-view';

/**
 * The board in play: one group of buttons with a single tab stop. The arrow keys move between
 * tiles (Home and End to the row's ends), Enter or Space reveals. A revealed tile turns over with a
 * short scale, or at once when the system asks for less motion.
 */
export function MinesTiles({
  states,
  picks,
  onReveal,
  disabled,
  label,
}: {
  states: TileState[];
  picks: readonly number[];
  /** Absent while no game is open: the tiles are shown but take no click. */
  onReveal?: (tile: number) => void;
  disabled: boolean;
  label: string;
}) {
  const t = useTranslations('originals.mines');
  const still = useReducedMotion();
  const [focus, setFocus] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (event: KeyboardEvent, tile: number) => {
    const row = Math.floor(tile / MINES_SIDE);
    const steps: Record<string, number> = {
      ArrowRight: tile + 1,
      ArrowLeft: tile - 1,
      ArrowDown: tile + MINES_SIDE,
      ArrowUp: tile - MINES_SIDE,
      Home: row * MINES_SIDE,
      End: row * MINES_SIDE + MINES_SIDE - 1,
    };
    const next = steps[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const clamped = Math.min(MINES_TILES - 1, Math.max(0, next));
    setFocus(clamped);
    buttons.current[clamped]?.focus();
  };

  return (
    <Box role="group" aria-label={label} data-testid="mines-board" sx={boardSx}>
      {TILES.map((tile) => {
        const state = states[tile]!;
        const idle = disabled || !onReveal || state !== 'hidden';
        return (
          <ButtonBase
            key={tile}
            ref={(el) => {
              buttons.current[tile] = el;
            }}
            tabIndex={tile === focus ? 0 : -1}
            aria-label={t(tileKey(state), { tile })}
            aria-disabled={idle}
            data-tile={tile}
            data-state={state}
            onFocus={() => setFocus(tile)}
            onKeyDown={(e) => move(e, tile)}
            // A revealed tile keeps its place in the arrow keys' path but does nothing.
            onClick={() => {
              if (!idle) onReveal?.(tile);
            }}
            focusVisibleClassName="mines-focus"
            sx={{
              ...tileSx,
              ...tileFace(state),
              ...faded(state, tile, picks),
              cursor: idle ? 'default' : 'pointer',
              transition: still ? 'none' : 'transform 180ms ease-out, background-color 180ms',
              transform: state === 'hidden' || still ? 'none' : 'scale(1.04)',
              '&:hover': idle ? {} : { bgcolor: 'action.focus' },
              '&.mines-focus': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            <TileMark state={state} />
          </ButtonBase>
        );
      })}
    </Box>
  );
}
