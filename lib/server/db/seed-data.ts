/** Demo data the platform starts with; each row is upserted, so seeding twice changes nothing. */
export const languageRows = [
  { code: 'en', name: 'English', flag: '🇬🇧', direction: 'ltr' as const },
  { code: 'es', name: 'Español', flag: '🇪🇸', direction: 'ltr' as const },
  { code: 'pt', name: 'Português', flag: '🇧🇷', direction: 'ltr' as const },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪', direction: 'ltr' as const },
  { code: 'fr', name: 'Français', flag: '🇫🇷', direction: 'ltr' as const },
  { code: 'tr', name: 'Türkçe', flag: '🇹🇷', direction: 'ltr' as const },
  { code: 'ru', name: 'Русский', flag: '🇷🇺', direction: 'ltr' as const },
  { code: 'ja', name: '日本語', flag: '🇯🇵', direction: 'ltr' as const },
  { code: 'ko', name: '한국어', flag: '🇰🇷', direction: 'ltr' as const },
  { code: 'zh', name: '中文', flag: '🇨🇳', direction: 'ltr' as const },
  { code: 'vi', name: 'Tiếng Việt', flag: '🇻🇳', direction: 'ltr' as const },
  { code: 'ar', name: 'العربية', flag: '🇸🇦', direction: 'rtl' as const },
].map((row, sortOrder) => ({ ...row, sortOrder }));
