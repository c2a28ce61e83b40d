import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's h1 and its one-paragraph introduction. */
export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={1} sx={{ mb: 3, maxWidth: 760 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {title}
      </Typography>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      {children}
    </Stack>
  );
}
