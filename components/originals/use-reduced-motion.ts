'use client';

import useMediaQuery from '@mui/material/useMediaQuery';

/** The player asked the system for less motion: results appear at once, balls do not bounce. */
export const useReducedMotion = () =>
  useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
