import { effectiveDirection } from '@/lib/settings/direction';
import {
  defaultDisplaySettings,
  parseDisplaySettings,
  serializeDisplaySettings,
} from '@/lib/settings/display-settings';

describe('display settings cookie', () => {
  it('defaults to a dark, left-to-right, default-contrast page', () => {
    expect(parseDisplaySettings(undefined)).toEqual({
      themeMode: 'dark',
      themeDirection: 'ltr',
      themeContrast: 'default',
      themeColorPresets: 'default',
      themeLayout: 'vertical',
      oddsFormat: 'decimal',
      language: 'en',
    });
  });

  it('round-trips every field', () => {
    const settings = {
      themeMode: 'light',
      themeDirection: 'rtl',
      themeContrast: 'bold',
      themeColorPresets: 'orange',
      themeLayout: 'horizontal',
      oddsFormat: 'fractional',
      language: 'ja',
    } as const;
    expect(parseDisplaySettings(serializeDisplaySettings(settings))).toEqual(settings);
  });

  it('keeps good fields and drops bad ones from a damaged cookie', () => {
    expect(
      parseDisplaySettings('{"themeMode":"light","themeColorPresets":"pink","language":"xx"}'),
    ).toEqual({
      ...defaultDisplaySettings,
      themeMode: 'light',
    });
    expect(parseDisplaySettings('not json')).toEqual(defaultDisplaySettings);
    expect(parseDisplaySettings('42')).toEqual(defaultDisplaySettings);
  });

  it('makes Arabic right-to-left whatever the setting, others follow the setting', () => {
    expect(effectiveDirection('ar', { themeDirection: 'ltr' })).toBe('rtl');
    expect(effectiveDirection('en', { themeDirection: 'rtl' })).toBe('rtl');
    expect(effectiveDirection('en', { themeDirection: 'ltr' })).toBe('ltr');
  });
});
