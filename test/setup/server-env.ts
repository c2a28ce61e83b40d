import { tmpdir } from 'node:os';

// Every test file gets a fresh in-memory PGlite database and quiet logs.
process.env.PGLITE_DATA_DIR = 'memory://';
process.env.LOG_LEVEL = 'silent';
// Codes land in the development outbox, where the tests read them.
process.env.DEV_OUTBOX = 'true';
delete process.env.DATABASE_URL;
// Tests change the catalog and read it back at once.
process.env.GAMES_CACHE_SECONDS = '0';
// Uploads go to a folder of the test run's own, never the development server's.
process.env.UPLOADS_DIR = `${tmpdir()}/casino-uploads-${process.pid}`;
