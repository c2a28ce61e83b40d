import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pageLocale } from '@/lib/i18n/page-locale';
import { accountHref, accountPages, type AccountPageKey } from '@/lib/site/paths';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { PageHeading } from '@/components/page/page-heading';
import { RequireAuth } from '@/components/session/require-auth';

type Params = Promise<{ lang: string }>;

const pageFor = (key: AccountPageKey) => accountPages.find((page) => page.key === key)!;

/** An account page's metadata: its title, and kept out of search engines (the player's own page). */
export async function accountPageMetadata(params: Params, key: AccountPageKey): Promise<Metadata> {
  return {
    ...(await pageMetadata(params, accountHref(pageFor(key)), `account.${key}`)),
    robots: { index: false },
  };
}

/**
 * One account page (spec §2) inside the shared account layout: its heading, then its content for a
 * signed-in player — a guest is sent to the sign-in modal, which closes to home.
 */
export async function AccountPage({
  params,
  page,
  children,
}: {
  params: Params;
  page: AccountPageKey;
  /** What the page holds; until its feature lands, the page says what it will hold. */
  children?: ReactNode;
}) {
  await pageLocale(params);
  const t = await getTranslations('account');
  return (
    <>
      <PageHeading title={t(`pages.${page}`)} intro={t(`intro.${page}`)} />
      <RequireAuth modal="authRequired">{children}</RequireAuth>
    </>
  );
}
