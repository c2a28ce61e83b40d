import { redirect } from 'next/navigation';
import { localizedPath } from '@/lib/seo/metadata';
import type { Locale } from '@/lib/i18n/locales';

type Props = { params: Promise<{ lang: string }> };

/** /account-management opens its first page, my-account. */
export default async function AccountIndex({ params }: Props) {
  redirect(localizedPath((await params).lang as Locale, '/account-management/my-account'));
}
