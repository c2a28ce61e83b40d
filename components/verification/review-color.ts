import type { ChipProps } from '@mui/material/Chip';

/** The outline colour of a review status. */
export function reviewColor(status: string): ChipProps['color'] {
  if (status === 'approved') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'rejected') return 'error';
  return 'default';
}
