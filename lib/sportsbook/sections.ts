/** The most events a section lists; its page renders the soonest SECTION_FIRST on the server. */
export const SECTION_MAX = 60;
export const SECTION_FIRST = 12;
