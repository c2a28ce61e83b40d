// Every test file gets a fresh in-memory PGlite database and quiet logs.
process.env.PGLITE_DATA_DIR = 'memory://';
process.env.LOG_LEVEL = 'silent';
delete process.env.DATABASE_URL;
