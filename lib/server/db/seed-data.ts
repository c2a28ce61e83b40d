/** Demo data the platform starts with; seeding inserts what is missing, so twice changes nothing. */
export const languageRows = [
  { code: 'en', name: 'English', flag: '/flags/gb.svg', direction: 'ltr' as const },
  { code: 'es', name: 'Español', flag: '/flags/es.svg', direction: 'ltr' as const },
  { code: 'pt', name: 'Português', flag: '/flags/br.svg', direction: 'ltr' as const },
  { code: 'de', name: 'Deutsch', flag: '/flags/de.svg', direction: 'ltr' as const },
  { code: 'fr', name: 'Français', flag: '/flags/fr.svg', direction: 'ltr' as const },
  { code: 'tr', name: 'Türkçe', flag: '/flags/tr.svg', direction: 'ltr' as const },
  { code: 'ru', name: 'Русский', flag: '/flags/ru.svg', direction: 'ltr' as const },
  { code: 'ja', name: '日本語', flag: '/flags/jp.svg', direction: 'ltr' as const },
  { code: 'ko', name: '한국어', flag: '/flags/kr.svg', direction: 'ltr' as const },
  { code: 'zh', name: '中文', flag: '/flags/cn.svg', direction: 'ltr' as const },
  { code: 'vi', name: 'Tiếng Việt', flag: '/flags/vn.svg', direction: 'ltr' as const },
  { code: 'ar', name: 'العربية', flag: '/flags/sa.svg', direction: 'rtl' as const },
].map((row, sortOrder) => ({ ...row, sortOrder }));
