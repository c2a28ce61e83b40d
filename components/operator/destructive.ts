import type { SxProps, Theme } from '@mui/material/styles';

/*
 * A button that takes something away (reject, release, disable): the palette's error red is too
 * light on the back office's white for text (3:1), so these use its dark shade (over 6:1).
 */
export const destructiveOutlined: SxProps<Theme> = {
  color: 'error.dark',
  borderColor: 'error.dark',
};

export const destructiveContained: SxProps<Theme> = {
  bgcolor: 'error.dark',
  color: 'common.white',
  '&:hover': { bgcolor: 'error.darker' },
};
