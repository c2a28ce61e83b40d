import { fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { tileStates } from '@/components/originals/mines/mines-board-view';
import { MinesTiles } from '@/components/originals/mines/mines-tiles';
import en from '@/messages/en.json';

/** The Mines board in play: one tab stop, the arrow keys, Enter to reveal, revealed tiles inert. */
function board(picks: number[], onReveal = jest.fn(), disabled = false) {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <MinesTiles
        states={tileStates(picks, null, null)}
        picks={picks}
        onReveal={onReveal}
        disabled={disabled}
        label="Mines board"
      />
    </NextIntlClientProvider>,
  );
  return onReveal;
}
const tile = (n: number, state = 'hidden') =>
  screen.getByRole('button', { name: `Tile ${n}, ${state}` });

it('has one tab stop and moves with the arrow keys, Home and End, within the board', () => {
  board([]);
  const tabbable = screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
  expect(tabbable).toEqual([tile(0)]);
  tile(0).focus();
  fireEvent.keyDown(tile(0), { key: 'ArrowRight' });
  expect(tile(1)).toHaveFocus();
  fireEvent.keyDown(tile(1), { key: 'ArrowDown' });
  expect(tile(6)).toHaveFocus();
  expect(tile(6).tabIndex).toBe(0);
  expect(tile(0).tabIndex).toBe(-1);
  fireEvent.keyDown(tile(6), { key: 'End' });
  expect(tile(9)).toHaveFocus();
  fireEvent.keyDown(tile(9), { key: 'Home' });
  expect(tile(5)).toHaveFocus();
  // The board's edges hold: up from the top row, left from the first tile.
  fireEvent.keyDown(tile(5), { key: 'ArrowUp' });
  expect(tile(0)).toHaveFocus();
  fireEvent.keyDown(tile(0), { key: 'ArrowLeft' });
  expect(tile(0)).toHaveFocus();
  fireEvent.keyDown(tile(0), { key: 'ArrowUp' });
  expect(tile(0)).toHaveFocus();
});

// Enter and Space are a native button's click: the browser's part, played in e2e/mines.spec.ts.
it('reveals a hidden tile when pressed, and never a revealed one', () => {
  const onReveal = board([7]);
  fireEvent.click(tile(3));
  expect(onReveal).toHaveBeenCalledWith(3);
  onReveal.mockClear();
  fireEvent.click(tile(7, 'safe'));
  expect(onReveal).not.toHaveBeenCalled();
  expect(tile(7, 'safe')).toHaveAttribute('aria-disabled', 'true');
});

it('takes no reveal while a move is on its way', () => {
  const onReveal = board([], jest.fn(), true);
  fireEvent.click(tile(4));
  expect(onReveal).not.toHaveBeenCalled();
});

it('shows a finished board: the mine hit, the other mines, the rest safe', () => {
  const states = tileStates([2, 9], [9, 14, 20], 9);
  expect(states[9]).toBe('bust');
  expect([states[14], states[20]]).toEqual(['mine', 'mine']);
  expect(states[2]).toBe('safe');
  expect(states.filter((s) => s === 'safe')).toHaveLength(22);
  expect(tileStates([4], null, null).filter((s) => s === 'hidden')).toHaveLength(24);
});
