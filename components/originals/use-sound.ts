'use client';

import { useCallback, useRef } from 'react';

/**
 * Short tones made in the browser (no audio files to download): a higher one for a win, a lower
 * one for a loss. Nothing plays unless the player turned sound on.
 */
export function useSound(enabled: boolean) {
  const context = useRef<AudioContext | null>(null);
  return useCallback(
    (win: boolean) => {
      if (!enabled || typeof window === 'undefined' || !('AudioContext' in window)) return;
      context.current ??= new AudioContext();
      const audio = context.current;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = win ? 880 : 220;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    },
    [enabled],
  );
}
