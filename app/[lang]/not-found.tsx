import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';

export default async function LocaleNotFound() {
  const t = await getTranslations('notFound');
  return (
    <Container component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography color="text.secondary">{t('description')}</Typography>
        <ButtonLink variant="header" href="/">
          {t('backHome')}
        </ButtonLink>
      </Stack>
    </Container>
  );
}
