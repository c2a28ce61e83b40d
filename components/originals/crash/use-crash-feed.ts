'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { socketTarget } from '@/lib/api/base-url';
import { crashStateQuery } from '@/lib/api/queries/originals';
import { CRASH_EVENTS, CRASH_ROOM } from '@/lib/originals/crash';
import { type CrashPlayer, type CrashRound, type CrashState } from '@/lib/schemas/crash';
import { usePlatformSocket } from '@/components/session/platform-socket';

const HISTORY = 20;

/** The state with a round as the engine announced it: the current one, or the next one's start. */
export function withRound<S extends CrashState>(state: S, round: CrashRound): S {
  const ended = round.state === 'busted' || round.state === 'aborted';
  const history = ended
    ? [
        {
          id: round.id,
          game: round.game,
          state: round.state,
          crashUnits: round.crashUnits,
          hash: round.hash,
          endedAt: new Date().toISOString(),
        },
        ...state.history.filter((r) => r.id !== round.id),
      ].slice(0, HISTORY)
    : state.history;
  const sameRound = state.mine?.roundId === round.id;
  const mine = sameRound
    ? mineFrom(state, round.players)
    : round.state === 'betting'
      ? null
      : state.mine;
  return { ...state, round, history, mine };
}

/** My bet, brought up to date from the round's list (the list never carries my auto target). */
function mineFrom(state: CrashState, players: CrashPlayer[]): CrashState['mine'] {
  const mine = state.mine;
  if (!mine) return null;
  const listed = players.find((p) => p.id === mine.id);
  return listed ? { ...mine, ...listed } : mine;
}

/** The state with one bet joined or cashed out. */
export function withPlayer<S extends CrashState>(
  state: S,
  roundId: string,
  player: CrashPlayer,
): S {
  if (!state.round || state.round.id !== roundId) return state;
  const known = state.round.players.some((p) => p.id === player.id);
  const players = known
    ? state.round.players.map((p) => (p.id === player.id ? player : p))
    : [...state.round.players, player];
  const round = { ...state.round, players };
  return {
    ...state,
    round,
    mine: state.mine?.id === player.id ? { ...state.mine, ...player } : state.mine,
  };
}

/**
 * Keeps the Crash state (`crashStateQuery`) current from the public `crash` room: on the signed-in
 * player's own platform socket (never a second connection), or on a socket of the page's own for
 * a guest, started when Crash opens and closed when it is left. Every (re)connection fetches the
 * state again: what was said before it was not heard. Ticks go to `onTick` (no re-render).
 */
export function useCrashFeed(
  signedIn: boolean | null,
  onTick: (roundId: string, units: number) => void,
) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => crashStateQuery(signedIn === true).queryKey, [signedIn]);
  const platform = usePlatformSocket();
  const tick = useRef(onTick);
  useEffect(() => {
    tick.current = onTick;
  }, [onTick]);

  useEffect(() => {
    if (signedIn === null || (signedIn && !platform)) return;
    let stopped = false;
    let socket: Socket | null = null;
    const update = (change: (state: CrashState) => CrashState) =>
      queryClient.setQueryData(queryKey, (state) =>
        state ? { ...state, ...change(state) } : state,
      );
    const onRound = (round: CrashRound) => update((state) => withRound(state, round));
    const onPlayer = (event: { roundId: string; player: CrashPlayer }) =>
      update((state) => withPlayer(state, event.roundId, event.player));
    const onUnits = (event: { roundId: string; units: number }) =>
      tick.current(event.roundId, event.units);
    const onConnect = () => {
      socket?.emit('join', CRASH_ROOM);
      void queryClient.invalidateQueries({ queryKey });
    };
    const attach = (s: Socket) => {
      socket = s;
      s.on(CRASH_EVENTS.round, onRound);
      s.on(CRASH_EVENTS.player, onPlayer);
      s.on(CRASH_EVENTS.tick, onUnits);
      s.on('connect', onConnect);
      if (s.connected) s.emit('join', CRASH_ROOM);
    };
    if (signedIn && platform) {
      attach(platform);
    } else {
      void import('socket.io-client').then(({ io }) => {
        if (stopped) return;
        const { origin, path } = socketTarget();
        attach(io(origin, { path, transports: ['websocket'] }));
      });
    }
    return () => {
      stopped = true;
      const s = socket;
      if (!s) return;
      s.off(CRASH_EVENTS.round, onRound);
      s.off(CRASH_EVENTS.player, onPlayer);
      s.off(CRASH_EVENTS.tick, onUnits);
      s.off('connect', onConnect);
      if (s === platform) s.emit('leave', CRASH_ROOM);
      else s.disconnect();
    };
  }, [queryClient, queryKey, signedIn, platform]);
}
