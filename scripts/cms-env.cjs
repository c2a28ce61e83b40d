// The environment the CMS (cms/, Strapi 5) runs with: `npm run cms` and the CMS tests share it.
const { randomBytes } = require('node:crypto');
const path = require('node:path');

const CMS_DIR = path.resolve(__dirname, '..', 'cms');
const CMS_PORT = 1337;

const secret = () => randomBytes(24).toString('base64url');

/** Fresh secrets: Strapi's own keys, the site's API token, the preview and webhook secrets. */
function newCmsSecrets() {
  return {
    APP_KEYS: [secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    CMS_API_TOKEN: secret(),
    PREVIEW_SECRET: secret(),
    REVALIDATE_SECRET: secret(),
    CMS_ADMIN_EMAIL: 'admin@nova.casino',
    CMS_ADMIN_PASSWORD: `Nova-${secret().slice(0, 12)}1`,
  };
}

/** What Strapi needs to run against `databaseUrl`, telling the site at `siteUrl` of changes. */
function cmsEnv({ databaseUrl, siteUrl, port = CMS_PORT, secrets, serveAdminPanel = true }) {
  return {
    ...secrets,
    CMS_DATABASE_URL: databaseUrl,
    SITE_URL: siteUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    SERVE_ADMIN_PANEL: String(serveAdminPanel),
    STRAPI_TELEMETRY_DISABLED: 'true',
    NODE_ENV: 'production',
  };
}

/** What the site needs to read from that CMS (its preview and webhook secrets included). */
function siteEnvFor({ cmsUrl, secrets }) {
  return {
    CONTENT_API_URL: cmsUrl,
    CONTENT_API_TOKEN: secrets.CMS_API_TOKEN,
    PREVIEW_SECRET: secrets.PREVIEW_SECRET,
    REVALIDATE_SECRET: secrets.REVALIDATE_SECRET,
    CMS_ADMIN_ORIGIN: new URL(cmsUrl).origin,
  };
}

module.exports = { CMS_DIR, CMS_PORT, newCmsSecrets, cmsEnv, siteEnvFor };
