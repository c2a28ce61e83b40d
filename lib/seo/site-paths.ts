/** Fixed public pages search engines should index, each in every language (the sitemap adds the catalog and the editors' pages). */
export const indexedPaths = [
  '/',
  '/casino',
  '/slots',
  '/sports',
  '/racing',
  '/promotions',
  '/vip-club',
  '/x-games',
  '/help',
] as const;

/** Paths crawlers should leave alone: the API and the player's own pages. */
export const privatePaths = ['/api/', '/account-management/', '/account-recovery'] as const;
