import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page-locale';
import { accountHref, findAccountPage } from '@/lib/navigation/paths';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ProfileSummary } from '@/components/account/profile-summary';
import { SignInMethodsCard } from '@/components/account/sign-in-methods-card';
import { TwoFactorCard } from '@/components/account/two-factor-card';
import { AccountNav } from '@/components/layout/account/account-nav';
import { PageHeading } from '@/components/page/page-heading';
import { RequireAuth } from '@/components/session/require-auth';

type Props = { params: Promise<{ lang: string; section: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = findAccountPage((await params).section);
  if (!page) return {};
  // The player's own pages stay out of search engines.
  return {
    ...(await pageMetadata(params, accountHref(page), `account.${page.key}`)),
    robots: { index: false },
  };
}

/** The account pages (spec §2): a guest is sent to the sign-in modal, which closes to home. */
export default async function AccountPage({ params }: Props) {
  const { section } = await params;
  const page = findAccountPage(section);
  if (!page) notFound();
  await pageLocale(params);
  const t = await getTranslations('account');
  return (
    <Container data-testid="account-frame" data-page={page.key}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <AccountNav current={page.key} />
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <PageHeading title={t(`pages.${page.key}`)} intro={t(`intro.${page.key}`)} />
          <RequireAuth modal="authRequired">
            {page.key === 'security' ? (
              <Stack spacing={3}>
                <TwoFactorCard />
                <SignInMethodsCard />
              </Stack>
            ) : page.key === 'myAccount' ? (
              <ProfileSummary />
            ) : (
              <Typography color="text.secondary">{t(`intro.${page.key}`)}</Typography>
            )}
          </RequireAuth>
        </Grid>
      </Grid>
    </Container>
  );
}
