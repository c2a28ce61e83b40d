/** Public pages search engines should index, each in every language. Feature work adds its routes. */
export const indexedPaths = ['/'] as const;

/** Paths crawlers should leave alone: the API and the player's own pages. */
export const privatePaths = ['/api/', '/account-management/'] as const;
