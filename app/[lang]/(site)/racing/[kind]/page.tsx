import Container from '@mui/material/Container';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page-locale';
import { racingKinds, type RacingKind } from '@/lib/site/paths';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ComingSoon } from '@/components/page/coming-soon';

type Props = { params: Promise<{ lang: string; kind: string }> };

const isKind = (kind: string): kind is RacingKind =>
  (racingKinds as readonly string[]).includes(kind);

export async function generateMetadata({ params }: Props) {
  const { kind } = await params;
  return isKind(kind) ? pageMetadata(params, `/racing/${kind}`, `racingKind.${kind}`) : {};
}

export default async function RacingKindPage({ params }: Props) {
  const { kind } = await params;
  if (!isKind(kind)) notFound();
  await pageLocale(params);
  const t = await getTranslations('pages');
  return (
    <Container>
      <ComingSoon title={t(`racingKind.${kind}`)} />
    </Container>
  );
}
