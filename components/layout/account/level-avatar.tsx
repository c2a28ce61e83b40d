import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LetterAvatar } from '@/components/ui/letter-avatar';

type Props = { name: string; src: string | null; percent: number; size?: number; label: string };

/** The player's avatar inside a ring that fills with progress to the next VIP level. */
export function LevelAvatar({ name, src, percent, size = 36, label }: Props) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <Box
      sx={{
        position: 'relative',
        width: size + 8,
        height: size + 8,
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <CircularProgress
        variant="determinate"
        value={value}
        size={size + 8}
        thickness={2.5}
        aria-label={label}
        data-testid="level-ring"
        sx={{ position: 'absolute', inset: 0 }}
      />
      <LetterAvatar alt={name} src={src ?? undefined} sx={{ width: size, height: size }} />
    </Box>
  );
}
