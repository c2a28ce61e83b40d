/**
 * The database schema, one file per domain; drizzle-kit reads this folder to generate migrations
 * (`npm run db:generate`) for PGlite and PostgreSQL alike.
 */
export * from './auth';
export * from './config';
export * from './games';
export * from './operator';
export * from './players';
export * from './wallet';
export * from './notifications';
export * from './kyc';
export * from './support';
export * from './usage';
export * from './events';
export * from './rounds';
export * from './risk';
export * from './originals';
export * from './casino';
export * from './sportsbook';
