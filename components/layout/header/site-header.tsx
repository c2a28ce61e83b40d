import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { getTranslations } from 'next-intl/server';
import type { SiteConfiguration } from '@/lib/content';
import { shellMedia, themeConfig } from '@/lib/theme/theme-config';
import { LanguagePicker } from '@/components/language/language-picker';
import { SettingsButton } from '@/components/settings/settings-button';
import { Link } from '@/components/ui/link';
import { AccountSlots } from './account-slots';
import { MenuButton } from './menu-button';
import { SearchButton } from './search-button';

const { headerHeight } = themeConfig;

/** The app bar: 54 px on phones, 70 px from tablet up (spec §9). */
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
          px: { xs: 1, sm: 2 },
        }}
      >
        <MenuButton />
        <Link
          href="/"
          aria-label={t('logoAlt')}
          sx={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0 }}
        >
          {/* The operator's logo on wide screens, their mark on phones. */}
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {/* eslint-disable-next-line @next/next/no-img-element -- the logo is the operator's, from the content service */}
            <img
              src={site.logo.url}
              alt={site.logo.alt}
              width={site.logo.width}
              height={site.logo.height}
            />
          </Box>
          <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
            <img
              src={site.alternative_logo.url}
              alt={site.alternative_logo.alt}
              width={site.alternative_logo.width}
              height={site.alternative_logo.height}
            />
          </Box>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
          <SearchButton />
          <AccountSlots />
          <Box sx={{ display: 'inline-flex', [shellMedia.small]: { display: 'none' } }}>
            <LanguagePicker />
          </Box>
          {/* On phones the settings live in the menu drawer, leaving the bar room for sign-in. */}
          <SettingsButton sx={{ [shellMedia.small]: { display: 'none' } }} />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
