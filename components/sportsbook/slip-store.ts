'use client';

import { useSyncExternalStore } from 'react';
import type { OddsRule } from '@/lib/schemas/sportsbook';
import { MAX_LEGS, type SlipSelection } from '@/lib/sportsbook/slip';

/*
 * The bet slip's state, kept in localStorage so it survives a reload and follows the player across
 * tabs. A tiny external store: the odds buttons on the first paint read it without pulling the slip
 * itself (a lazy chunk) into the page.
 */

export type SlipMode = 'singles' | 'multiple';

export type Slip = {
  selections: SlipSelection[];
  mode: SlipMode;
  /** Singles: a stake per selection (by market and outcome); multiple: one stake. */
  stakes: Record<string, string>;
  multipleStake: string;
  oddsRule: OddsRule;
  /** Whether the slip's panel is open. */
  open: boolean;
};

const KEY = 'sportsbook-slip';
const EMPTY: Slip = {
  selections: [],
  mode: 'singles',
  stakes: {},
  multipleStake: '',
  oddsRule: 'higher',
  open: false,
};

let state: Slip = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

export const selectionKey = (s: Pick<SlipSelection, 'marketId' | 'outcome'>) =>
  `${s.marketId}:${s.outcome}`;

function read(): Slip {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const saved = JSON.parse(raw) as Partial<Slip>;
    const selections = Array.isArray(saved.selections)
      ? saved.selections
          .filter((s) => s && typeof s.marketId === 'string' && Number.isInteger(s.odds))
          .slice(0, MAX_LEGS)
      : [];
    return {
      ...EMPTY,
      selections,
      mode: saved.mode === 'multiple' ? 'multiple' : 'singles',
      stakes: typeof saved.stakes === 'object' && saved.stakes ? saved.stakes : {},
      multipleStake: typeof saved.multipleStake === 'string' ? saved.multipleStake : '',
      oddsRule: saved.oddsRule === 'any' || saved.oddsRule === 'none' ? saved.oddsRule : 'higher',
      // A reload shows the page first: the slip opens again when the player asks.
      open: false,
    };
  } catch {
    return EMPTY;
  }
}

function snapshot(): Slip {
  if (!loaded && typeof window !== 'undefined') {
    loaded = true;
    state = read();
  }
  return state;
}

function emit() {
  for (const listener of listeners) listener();
}

export function updateSlip(change: (slip: Slip) => Slip): void {
  state = change(snapshot());
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...state, open: undefined }));
  } catch {
    // A full or refused storage keeps the slip for this page only.
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    state = { ...read(), open: state.open };
    emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot = () => EMPTY;

export function useSlip(): Slip {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Adds a selection (replacing another pick of the same market) or removes it if it is there. */
export function toggleSelection(selection: SlipSelection): void {
  updateSlip((slip) => {
    const key = selectionKey(selection);
    if (slip.selections.some((s) => selectionKey(s) === key)) {
      return { ...slip, selections: slip.selections.filter((s) => selectionKey(s) !== key) };
    }
    const others = slip.selections.filter((s) => s.marketId !== selection.marketId);
    if (others.length >= MAX_LEGS) return slip;
    return { ...slip, selections: [...others, selection] };
  });
}
