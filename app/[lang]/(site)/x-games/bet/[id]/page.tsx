import Container from '@mui/material/Container';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ApiClientError } from '@/lib/api/client';
import { publicBetQuery } from '@/lib/api/queries/originals';
import { getQueryClient } from '@/lib/api/query-client';
import { pageLocale } from '@/lib/i18n/page-locale';
import { betIdSchema } from '@/lib/schemas/originals';
import { BetDetails } from '@/components/originals/bet-details';
import { PageHeading } from '@/components/page/page-heading';

type Props = { params: Promise<{ lang: string; id: string }> };

async function findBet(id: string) {
  if (!betIdSchema.safeParse({ id }).success) return null;
  try {
    return await getQueryClient().fetchQuery(publicBetQuery(id));
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const t = await getTranslations({ locale: lang, namespace: 'originals.bet' });
  // A bet is one player's: linked to, never listed in search engines.
  return { title: t('title'), robots: { index: false } };
}

/** A bet's public page: what was staked and paid, its seeds and nonce, and a way to verify it. */
export default async function BetPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const bet = await findBet(id);
  if (!bet) notFound();
  const t = await getTranslations('originals.bet');
  return (
    <Container data-testid="bet-page">
      <PageHeading title={t('title')} />
      <BetDetails bet={bet} />
    </Container>
  );
}
