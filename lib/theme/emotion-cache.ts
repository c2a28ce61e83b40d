import rtlPlugin from 'stylis-plugin-rtl';

/** Emotion cache options per direction: RTL pages flip every style through stylis-plugin-rtl. */
export function emotionCacheOptions(direction: 'ltr' | 'rtl', nonce: string | undefined) {
  return direction === 'rtl'
    ? { key: 'muirtl', stylisPlugins: [rtlPlugin], nonce }
    : { key: 'mui', nonce };
}
