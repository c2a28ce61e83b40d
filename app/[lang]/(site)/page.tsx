import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';

type Props = { params: Promise<{ lang: string }> };

const highlights = [
  { title: 'payoutsTitle', text: 'payoutsText' },
  { title: 'fairTitle', text: 'fairText' },
  { title: 'supportTitle', text: 'supportText' },
] as const;

export default async function HomePage({ params }: Props) {
  setRequestLocale((await params).lang as Locale);
  const t = await getTranslations('home');
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <Stack spacing={2} sx={{ maxWidth: 720, mb: { xs: 4, md: 6 } }}>
        <Typography variant="h1">{t('heading')}</Typography>
        <Typography variant="body1" color="text.secondary" sx={{ fontSize: '1.125rem' }}>
          {t('intro')}
        </Typography>
      </Stack>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('highlightsTitle')}
      </Typography>
      <Grid container spacing={2}>
        {highlights.map((h) => (
          <Grid key={h.title} size={{ xs: 12, sm: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h3" sx={{ mb: 1 }}>
                  {t(h.title)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(h.text)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
