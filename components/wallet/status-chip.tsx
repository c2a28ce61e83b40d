import Chip, { type ChipProps } from '@mui/material/Chip';

/**
 * A status: the colour on the outline only, the words in the text colour, so the label keeps its
 * contrast on light and dark themes alike (a filled green chip does not).
 */
export function StatusChip({ color, label }: { color: ChipProps['color']; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={label}
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
