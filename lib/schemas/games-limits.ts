/**
 * Paging and limits of the spec (§9): default page size 12, carousels 32, search 30 per page.
 * Apart from the schemas so the browser's query code gets the numbers without zod.
 */
export const GAMES_PAGE_SIZE = 12;
export const CAROUSEL_LIMIT = 32;
export const SEARCH_PAGE_SIZE = 30;
export const GAMES_MAX_LIMIT = 100;
