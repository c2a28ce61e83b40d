import Container from '@mui/material/Container';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { racingKinds, type RacingKind } from '@/lib/navigation/paths';
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
  const { lang, kind } = await params;
  if (!isKind(kind)) notFound();
  setRequestLocale(lang as Locale);
  const t = await getTranslations('pages');
  return (
    <Container>
      <ComingSoon title={t(`racingKind.${kind}`)} />
    </Container>
  );
}
