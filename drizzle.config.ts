import { defineConfig } from 'drizzle-kit';

// One schema (a file per domain), one set of SQL migrations for PGlite and PostgreSQL alike: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/server/db/schema',
  out: './lib/server/db/migrations',
});
