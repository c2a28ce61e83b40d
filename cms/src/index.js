/**
 * Everything a fresh CMS needs before an editor or the site arrives, every start, idempotently:
 * the site's 12 languages, the first admin (so nobody else can claim the empty panel), the site's
 * read-only API token, the webhook that tells the site what changed, and — on an empty database —
 * the site's embedded content/ documents (src/seed.js).
 */
const { seedContent } = require('./seed');

const LANGUAGES = {
  en: 'English (en)',
  es: 'Spanish (es)',
  pt: 'Portuguese (pt)',
  de: 'German (de)',
  fr: 'French (fr)',
  ru: 'Russian (ru)',
  tr: 'Turkish (tr)',
  vi: 'Vietnamese (vi)',
  ja: 'Japanese (ja)',
  ko: 'Korean (ko)',
  zh: 'Chinese (zh)',
  ar: 'Arabic (ar)',
};
const WEBHOOK_NAME = 'site';
const WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
];

async function ensureLanguages(strapi) {
  const locales = strapi.plugin('i18n').service('locales');
  for (const [code, name] of Object.entries(LANGUAGES)) {
    if (!(await locales.findByCode(code))) await locales.create({ code, name });
  }
  await locales.setDefaultLocale({ code: 'en' });
}

/** The first super admin from CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD, when there is none yet. */
async function ensureAdmin(strapi) {
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  const email = process.env.CMS_ADMIN_EMAIL;
  const password = process.env.CMS_ADMIN_PASSWORD;
  if (!email || !password) {
    strapi.log.warn(
      'No admin yet and CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD unset: the first visitor of /admin becomes admin.',
    );
    return;
  }
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({
    email,
    firstname: 'Site',
    lastname: 'Admin',
    password,
    isActive: true,
    roles: superAdmin ? [superAdmin.id] : [],
  });
  strapi.log.info(`Admin ${email} created.`);
}

/**
 * An API token with a key we choose (Strapi always makes a random one: the stored hash is
 * replaced). `read-only` for the site; `full-access` for an operator's automation and the tests.
 */
async function ensureToken(strapi, { name, key, type }) {
  if (!key) return;
  const tokens = strapi.service('admin::api-token-content-api');
  let token = await tokens.getByName(name);
  if (!token) {
    token = await tokens.create({
      name,
      description: `${type}, set from the environment`,
      type,
      lifespan: null,
    });
  }
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: {
      accessKey: tokens.hash(key),
      encryptedKey: strapi.service('admin::encryption').encrypt(key),
    },
  });
}

/** The site's /api/revalidate, with its secret, told of every change to an entry. */
async function ensureWebhook(strapi) {
  const target = process.env.SITE_WEBHOOK_URL || process.env.SITE_URL;
  const secret = process.env.REVALIDATE_SECRET;
  if (!target || !secret) return;
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const wanted = {
    name: WEBHOOK_NAME,
    url: new URL('/api/revalidate', target).href,
    headers: { Authorization: `Bearer ${secret}` },
    events: WEBHOOK_EVENTS,
    isEnabled: true,
  };
  const existing = (await store.findWebhooks()).find((w) => w.name === WEBHOOK_NAME);
  if (!existing) {
    runner.add(await store.createWebhook(wanted));
    return;
  }
  runner.update(await store.updateWebhook(existing.id, wanted));
}

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    await ensureLanguages(strapi);
    await ensureAdmin(strapi);
    await ensureToken(strapi, { name: 'site', key: process.env.CMS_API_TOKEN, type: 'read-only' });
    await ensureToken(strapi, {
      name: 'automation',
      key: process.env.CMS_EDITOR_TOKEN,
      type: 'full-access',
    });
    // Seeded before the webhook exists: the import is not a change the site must hear of.
    if (process.env.CMS_SEED !== 'false') await seedContent(strapi);
    await ensureWebhook(strapi);
  },
};
