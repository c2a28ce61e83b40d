/** Dispatched on window after a sign-in: language and currency follow the player's settings. */
export const AUTH_UPDATE_EVENT = 'auth-update';
/** Dispatched on sign-out so the live support and betting widgets forget the player. */
export const SESSION_CLEARED_EVENT = 'session-cleared';
