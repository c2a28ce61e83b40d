// PostgreSQL, its own database (CMS_DATABASE_URL, set by `npm run cms` and the tests).
module.exports = ({ env }) => ({
  connection: {
    client: 'postgres',
    connection: { connectionString: env('CMS_DATABASE_URL'), ssl: env.bool('DATABASE_SSL', false) },
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 60000,
  },
});
