import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { isBare404Path } from '@/lib/navigation/paths';
import { ButtonLink } from '@/components/ui/button-link';

/** Unknown paths: the localized not-found page. A path containing 404: only the title (spec §2). */
export default async function LocaleNotFound() {
  const [t, headerStore] = await Promise.all([getTranslations('notFound'), headers()]);
  const bare = isBare404Path(headerStore.get('x-pathname') ?? '');
  return (
    <Container
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      data-testid={bare ? 'bare-404' : 'not-found'}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h1">{t('title')}</Typography>
        {!bare && (
          <>
            <Typography color="text.secondary">{t('description')}</Typography>
            <ButtonLink variant="header" href="/">
              {t('backHome')}
            </ButtonLink>
          </>
        )}
      </Stack>
    </Container>
  );
}
