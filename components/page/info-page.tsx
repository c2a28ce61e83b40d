import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { InfoPage } from '@/lib/site/paths';
import { PageHeading } from './page-heading';

const points = ['point1', 'point2', 'point3'] as const;

/** Promotions, VIP club, x-games and help: a heading, an introduction and three points, localized. */
export async function InfoPageView({ page, children }: { page: InfoPage; children?: ReactNode }) {
  const t = await getTranslations(`info.${page}`);
  return (
    <Container data-testid={`${page}-page`}>
      <PageHeading title={t('title')} intro={t('intro')}>
        {children}
      </PageHeading>
      <Grid container spacing={2}>
        {points.map((p) => (
          <Grid key={p} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {t(`${p}Title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`${p}Text`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
