import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { CrashVerifier } from '@/components/originals/crash/crash-verifier';
import { OriginalsMessages } from '@/components/originals/originals-messages';
import { Verifier } from '@/components/originals/verifier';
import { PageHeading } from '@/components/page/page-heading';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const t = await getTranslations({ locale: lang, namespace: 'originals.verify' });
  return siteMetadata(lang, await getSiteConfiguration(lang), '/x-games/verify', {
    title: t('title'),
  });
}

/** The verifier: any original's result recomputed in the browser from its seeds and nonce. */
export default async function VerifyPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('originals.verify');
  return (
    <Container data-testid="verify-page">
      <PageHeading title={t('title')} intro={t('intro')} />
      <OriginalsMessages>
        <Suspense>
          <Stack spacing={4}>
            <Verifier />
            <CrashVerifier />
          </Stack>
        </Suspense>
      </OriginalsMessages>
    </Container>
  );
}
