import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { PageHeading } from '@/components/page/page-heading';
import { UndoContactChange } from '@/components/account/recovery/undo-contact-change';
import { pageLocale } from '@/lib/i18n/page-locale';

type Props = { params: Promise<{ lang: string }> };

/** Where the old address's link lands: never indexed, the token never leaves this page's request. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('recovery');
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function AccountRecoveryPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('recovery');
  return (
    <>
      <PageHeading title={t('title')} intro={t('intro')} />
      <LazyMessages namespaces={['recovery']}>
        <UndoContactChange />
      </LazyMessages>
    </>
  );
}
