/** The public socket room the sportsbook's matches in play are announced in, and its event. */
export const SPORTS_ROOM = 'sports';
export const SPORTS_EVENT = 'sports:event';
