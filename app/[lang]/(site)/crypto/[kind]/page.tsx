import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page-locale';
import { cryptoKinds, type CryptoKind } from '@/lib/site/paths';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { PageHeading } from '@/components/page/page-heading';
import { RequireAuth } from '@/components/session/require-auth';

type Props = { params: Promise<{ lang: string; kind: string }> };

const isKind = (kind: string): kind is CryptoKind =>
  (cryptoKinds as readonly string[]).includes(kind);

export async function generateMetadata({ params }: Props) {
  const { kind } = await params;
  return isKind(kind) ? pageMetadata(params, `/crypto/${kind}`, `crypto.${kind}`) : {};
}

/** Crypto trading and futures are for players: a guest is sent to the sign-in modal (spec §2). */
export default async function CryptoPage({ params }: Props) {
  const { kind } = await params;
  if (!isKind(kind)) notFound();
  await pageLocale(params);
  const t = await getTranslations('pages');
  return (
    <Container data-testid="crypto-frame">
      <PageHeading title={t(`crypto.${kind}`)} intro={t(`cryptoIntro.${kind}`)} />
      <RequireAuth modal="auth">
        <Typography color="text.secondary">{t('cryptoUnavailable')}</Typography>
      </RequireAuth>
    </Container>
  );
}
