import Chip, { type ChipProps } from '@mui/material/Chip';
import type { WalletTransaction } from '@/lib/schemas/wallet';

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

/** The colour of a withdrawal's status (or of a transaction's: completed). */
export function statusColor(status: WalletTransaction['status']): ChipProps['color'] {
  if (status === 'completed' || status === 'paid') return 'success';
  if (status === 'pending' || status === 'approved') return 'warning';
  if (status === 'failed' || status === 'rejected') return 'error';
  return 'default';
}
