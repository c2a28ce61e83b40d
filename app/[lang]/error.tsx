'use client';

import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { reportError } from '@/lib/api/error-log';
import { ButtonLink } from '@/components/ui/button-link';

type Props = { error: Error & { digest?: string }; reset: () => void };

/** Any unhandled interface error: a full-screen 'something went wrong', and a report to the Error log. */
export default function LocaleError({ error, reset }: Props) {
  const t = useTranslations('errorPage');
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <Container
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      data-testid="error-page"
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography color="text.secondary">{t('message')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="header" onClick={reset}>
            {t('retry')}
          </Button>
          <ButtonLink variant="headerSecondary" href="/">
            {t('home')}
          </ButtonLink>
        </Stack>
      </Stack>
    </Container>
  );
}
