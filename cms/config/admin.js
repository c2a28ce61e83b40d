const { pageOf, previewUrl } = require('../src/preview');

module.exports = ({ env }) => ({
  // `npm run cms` builds and serves the admin panel; the tests run the API alone.
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // The preview button opens the page the document belongs to, on the site, in draft mode.
  preview: {
    enabled: Boolean(env('SITE_URL') && env('PREVIEW_SECRET')),
    config: {
      allowedOrigins: env('SITE_URL') ? [new URL(env('SITE_URL')).origin] : [],
      handler: async (uid, { documentId, locale, status }) =>
        previewUrl({
          siteUrl: env('SITE_URL'),
          secret: env('PREVIEW_SECRET'),
          page: await pageOf(global.strapi, uid, { documentId, locale }),
          locale,
          status,
        }),
    },
  },
});
