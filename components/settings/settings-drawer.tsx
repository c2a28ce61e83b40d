'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { localeDirection } from '@/lib/i18n/locales';
import { defaultDisplaySettings, themeColorPresets } from '@/lib/settings/display-settings';
import { presetSwatch } from '@/lib/theme/core/presets';
import { Flag } from '@/components/language/flag';
import { useLanguages } from '@/components/language/use-languages';
import { useSwitchLanguage } from '@/components/language/use-switch-language';
import { OptionGroup } from './option-group';
import { useSettings } from './settings-context';

export function SettingsDrawer() {
  const t = useTranslations('settings');
  const locale = useLocale();
  const { settings, update, drawerOpen, setDrawerOpen } = useSettings();
  const { data: languages } = useLanguages();
  const { switchTo } = useSwitchLanguage();
  const rtlLocked = localeDirection(locale) === 'rtl';

  return (
    <Drawer
      anchor="right"
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 340 }, backgroundImage: 'none' },
          'aria-labelledby': 'settings-title',
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, py: 2 }}>
        <Typography id="settings-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={() => setDrawerOpen(false)}>
          <Box component="span" aria-hidden sx={{ fontSize: 22, lineHeight: 1 }}>
            ×
          </Box>
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5 }}>
        <OptionGroup
          label={t('mode')}
          value={settings.themeMode}
          onChange={(themeMode) => update({ themeMode })}
          options={[
            { value: 'light', label: t('light') },
            { value: 'dark', label: t('dark') },
          ]}
        />
        <OptionGroup
          label={t('contrast')}
          value={settings.themeContrast}
          onChange={(themeContrast) => update({ themeContrast })}
          options={[
            { value: 'default', label: t('contrastDefault') },
            { value: 'bold', label: t('contrastBold') },
          ]}
        />
        <OptionGroup
          label={t('direction')}
          value={rtlLocked ? 'rtl' : settings.themeDirection}
          disabled={rtlLocked}
          hint={rtlLocked ? t('rtlLocked') : undefined}
          onChange={(themeDirection) => update({ themeDirection })}
          options={[
            { value: 'ltr', label: t('ltr') },
            { value: 'rtl', label: t('rtl') },
          ]}
        />
        <OptionGroup
          label={t('presets')}
          value={settings.themeColorPresets}
          onChange={(themeColorPresets) => update({ themeColorPresets })}
          options={themeColorPresets.map((preset) => ({
            value: preset,
            label: t(`preset.${preset}`),
            swatch: presetSwatch(preset),
          }))}
        />
        <OptionGroup
          label={t('layout')}
          value={settings.themeLayout}
          onChange={(themeLayout) => update({ themeLayout })}
          options={[
            { value: 'vertical', label: t('layoutVertical') },
            { value: 'mini', label: t('layoutMini') },
            { value: 'horizontal', label: t('layoutHorizontal') },
          ]}
        />
        <OptionGroup
          label={t('oddsFormat')}
          value={settings.oddsFormat}
          onChange={(oddsFormat) => update({ oddsFormat })}
          options={[
            { value: 'decimal', label: t('oddsDecimal') },
            { value: 'american', label: t('oddsAmerican') },
            { value: 'fractional', label: t('oddsFractional') },
          ]}
        />
        {languages && (
          <OptionGroup
            label={t('language')}
            value={locale}
            onChange={switchTo}
            columns={2}
            options={languages.map((l) => ({
              value: l.abbreviatedCode,
              label: (
                <>
                  <Flag src={l.flag} size={14} />
                  <span lang={l.abbreviatedCode}>{l.nameOfTheLanguage}</span>
                </>
              ),
            }))}
          />
        )}
        <Button
          variant="outlinedSecondary"
          onClick={() => update({ ...defaultDisplaySettings, language: settings.language })}
        >
          {t('reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
