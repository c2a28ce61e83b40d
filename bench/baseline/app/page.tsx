import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">Baseline</Typography>
      <Button variant="contained">A button</Button>
    </Container>
  );
}
