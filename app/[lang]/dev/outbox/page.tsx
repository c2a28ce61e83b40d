import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { ApiClientError, apiRequest } from '@/lib/api/client';
import { pageLocale } from '@/lib/i18n/page-locale';
import { CLIENT_ADDRESS_HEADER, isLoopback } from '@/lib/serve/client-address';
import type { OutboxEntry } from '@/lib/schemas/outbox';

type Props = { params: Promise<{ lang: string }> };

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The development outbox: codes the platform would have emailed or texted, for a local demo with no
 * mail server. The platform answers 404 unless DEV_OUTBOX is on, and then so does this page.
 */
export default async function OutboxPage({ params }: Props) {
  await pageLocale(params);
  // The page fetches from this machine, so the API would see loopback: check the page's own caller.
  if (!isLoopback((await headers()).get(CLIENT_ADDRESS_HEADER) ?? '')) notFound();
  const entries = await apiRequest<OutboxEntry[]>('/dev/outbox').catch((error: unknown) => {
    if (error instanceof ApiClientError && error.status === 404) notFound();
    throw error;
  });
  const t = await getTranslations('outbox');
  const format = await getFormatter();
  return (
    <Container component="main" sx={{ py: 4 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      {entries.length === 0 && <Typography>{t('empty')}</Typography>}
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0 }}>
        {entries.map((m) => (
          <Paper
            component="li"
            key={m.id}
            variant="outlined"
            sx={{ p: 2 }}
            data-testid="outbox-message"
            data-recipient={m.recipient}
          >
            <Typography variant="subtitle2">
              {t(m.channel === 'email' ? 'toEmail' : 'toPhone', { recipient: m.recipient })} ·{' '}
              {format.dateTime(new Date(m.createdAt), { dateStyle: 'short', timeStyle: 'medium' })}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {m.subject}
            </Typography>
            <Box component="p" sx={{ m: 0 }} data-testid="outbox-body">
              {m.body}
            </Box>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
