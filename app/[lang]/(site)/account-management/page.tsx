import { redirect } from 'next/navigation';
import { localizedPath } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

type Props = { params: Promise<{ lang: string }> };

/** /account-management opens its first page, my-account. */
export default async function AccountIndex({ params }: Props) {
  redirect(localizedPath(await pageLocale(params), '/account-management/my-account'));
}
