import Box from '@mui/material/Box';
import { MINES_MAX, MINES_MIN, MINES_SIDE, MINES_TILES } from '@/lib/fairness/mines';

export type TileState = 'hidden' | 'safe' | 'mine' | 'bust';

export const TILES = Array.from({ length: MINES_TILES }, (_, tile) => tile);

/** The counts of mines a game takes, for its select (the game's and the verifier's). */
export const MINES_COUNTS = Array.from(
  { length: MINES_MAX - MINES_MIN + 1 },
  (_, i) => MINES_MIN + i,
);

/** A board's mines as a person reads them: in tile order ("0, 8, 10"). */
export const tileList = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b).join(', ');

/** A finished game's board, as its result keeps it. */
export type MinesResult = { mines: number[]; picks: number[]; bust: number | null };

/** What each tile shows: revealed picks, and the whole board once the game is over. */
export function tileStates(
  picks: readonly number[],
  layout: readonly number[] | null,
  bust: number | null,
): TileState[] {
  return TILES.map((tile) => {
    if (tile === bust) return 'bust';
    if (layout?.includes(tile)) return 'mine';
    if (picks.includes(tile) || layout) return 'safe';
    return 'hidden';
  });
}

/** The message key naming a tile in its state, for screen readers. */
export const tileKey = (state: TileState) =>
  (({ hidden: 'tileHidden', safe: 'tileSafe', mine: 'tileMine', bust: 'tileBust' }) as const)[
    state
  ];

/** A finished board's tiles the player never reached are shown faded. */
export const faded = (state: TileState, tile: number, picks: readonly number[]) =>
  state !== 'hidden' && state !== 'bust' && !picks.includes(tile) ? { opacity: 0.5 } : {};

export const tileFace = (state: TileState) =>
  ({
    hidden: { bgcolor: 'action.selected' },
    safe: { bgcolor: 'success.dark' },
    mine: { bgcolor: 'grey.700' },
    bust: { bgcolor: 'error.main' },
  })[state];

export const boardSx = {
  display: 'grid',
  gridTemplateColumns: `repeat(${MINES_SIDE}, 1fr)`,
  gap: { xs: 0.75, sm: 1.25 },
  width: '100%',
  maxWidth: 440,
  // A Stack resets its children's margins: centred by the flex line instead.
  alignSelf: 'center',
  mx: 'auto',
} as const;

export const tileSx = {
  aspectRatio: '1',
  borderRadius: 1.5,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** A gem or a mine drawn in CSS: no image to fetch, and the same in every font. */
export function TileMark({ state }: { state: TileState }) {
  if (state === 'hidden') return null;
  const gem = state === 'safe';
  return (
    <Box
      aria-hidden
      sx={{
        width: '38%',
        height: '38%',
        bgcolor: gem ? 'success.light' : 'common.black',
        border: gem ? 0 : '3px solid',
        borderColor: 'error.light',
        borderRadius: gem ? '2px' : '50%',
        transform: gem ? 'rotate(45deg)' : 'none',
      }}
    />
  );
}

/**
 * A finished board to look at (the bet page's, the verifier's): the tiles the player revealed
 * bright, the rest of the board dimmed. `name` says a tile for screen readers (the server page and
 * the browser translate with their own `t`). No script of its own, so a server page renders it.
 */
export function MinesBoardView({
  result,
  name,
  label,
}: {
  result: MinesResult;
  name: (key: ReturnType<typeof tileKey>, tile: number) => string;
  label: string;
}) {
  const { picks } = result;
  const states = tileStates(picks, result.mines, result.bust);
  return (
    <Box role="group" aria-label={label} data-testid="mines-board-view" sx={boardSx}>
      {TILES.map((tile) => (
        <Box
          key={tile}
          role="img"
          aria-label={name(tileKey(states[tile]!), tile)}
          data-state={states[tile]}
          sx={{ ...tileSx, ...tileFace(states[tile]!), ...faded(states[tile]!, tile, picks) }}
        >
          <TileMark state={states[tile]!} />
        </Box>
      ))}
    </Box>
  );
}
