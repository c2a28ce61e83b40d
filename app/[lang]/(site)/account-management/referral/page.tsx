import { redirect } from 'next/navigation';
import { localizedPath } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

type Props = { params: Promise<{ lang: string }> };

/** /account-management/referral opens the referral dashboard (spec §2: referral/dashboard). */
export default async function ReferralIndex({ params }: Props) {
  redirect(localizedPath(await pageLocale(params), '/account-management/referral/dashboard'));
}
