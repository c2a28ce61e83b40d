import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * Every original's page: the board on the right (first on a phone) and the bet panel on the left,
 * and what goes under both (the player's bets, Crash's players).
 */
export function GameLayout({
  testId,
  board,
  panel,
  below,
}: {
  testId: string;
  board: ReactNode;
  panel: ReactNode;
  below?: ReactNode;
}) {
  return (
    <Grid container spacing={2} data-testid={testId}>
      <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 1, md: 2 } }}>
        <Paper sx={{ p: { xs: 2, md: 3 } }}>{board}</Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 2, md: 1 } }}>
        <Paper sx={{ p: 2 }}>{panel}</Paper>
      </Grid>
      {below && (
        <Grid size={12} sx={{ order: 3 }}>
          {below}
        </Grid>
      )}
    </Grid>
  );
}
