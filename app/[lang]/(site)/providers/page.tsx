import { permanentRedirect } from 'next/navigation';
import { pageLocale } from '@/lib/i18n/page-locale';
import { localizedPath } from '@/lib/seo/metadata';

type Props = { params: Promise<{ lang: string }> };

/** The studios' list is the casino's providers tab (spec §2); `/providers` alone points there for good. */
export default async function ProvidersIndex({ params }: Props) {
  permanentRedirect(localizedPath(await pageLocale(params), '/casino?tab=providers'));
}
