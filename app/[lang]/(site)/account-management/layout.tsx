import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { AccountNav } from '@/components/layout/account/account-nav';

/** Every account page: the account menu beside the page (spec §2). */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <Container>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <AccountNav />
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>{children}</Grid>
      </Grid>
    </Container>
  );
}
