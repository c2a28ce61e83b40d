import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { getTranslations } from 'next-intl/server';
import type { SiteConfiguration } from '@/lib/content';
import { themeConfig } from '@/lib/theme/theme-config';
import { LanguagePicker } from '@/components/language/language-picker';
import { SettingsButton } from '@/components/settings/settings-button';
import { Link } from '@/components/ui/link';

const { headerHeight } = themeConfig;

/** The app bar: 54 px on phones, 70 px from tablet up (spec §9). The shell work fills its slots. */
export async function SiteHeader({ site }: { site: SiteConfiguration }) {
  const t = await getTranslations('header');
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      // An inset line instead of a border keeps the bar exactly 54/70 px tall.
      sx={{ bgcolor: 'background.paper', boxShadow: 'inset 0 -1px 0 var(--mui-palette-divider)' }}
      data-testid="site-header"
    >
      <Toolbar
        sx={{
          minHeight: { xs: headerHeight.mobile, sm: headerHeight.desktop },
          height: { xs: headerHeight.mobile, sm: headerHeight.desktop },
          gap: 1,
        }}
      >
        <Link
          href="/"
          aria-label={t('logoAlt')}
          sx={{ display: 'inline-flex', alignItems: 'center' }}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- the logo is the operator's, from the content service */}
          <img
            src={site.logo.url}
            alt={site.logo.alt}
            width={site.logo.width}
            height={site.logo.height}
          />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <LanguagePicker />
        <SettingsButton />
      </Toolbar>
    </AppBar>
  );
}
