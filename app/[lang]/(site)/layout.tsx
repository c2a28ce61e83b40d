import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getSiteConfiguration } from '@/lib/content';
import type { Locale } from '@/lib/i18n/locales';
import { SiteHeader } from '@/components/layout/site-header';

type Props = { children: ReactNode; params: Promise<{ lang: string }> };

/** The shell every page of the site sits in. */
export default async function SiteLayout({ children, params }: Props) {
  const lang = (await params).lang as Locale;
  const [t, site] = await Promise.all([getTranslations('common'), getSiteConfiguration(lang)]);
  return (
    <>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus': { top: 8 },
        }}
      >
        {t('skipToContent')}
      </Box>
      <SiteHeader site={site} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        {children}
      </Box>
    </>
  );
}
