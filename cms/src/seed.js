/**
 * The seed: on an empty database, the site's embedded documents (../content/<locale>/*.json) become
 * published entries in every language, and the images they name (files under ../public) are
 * uploaded to the media library — so a fresh CMS shows the very site the embedded demo shows.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const CONTENT_DIR = process.env.CMS_SEED_CONTENT_DIR || path.join(root, 'content');
const PUBLIC_DIR = process.env.CMS_SEED_PUBLIC_DIR || path.join(root, 'public');
const MIME = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

const read = (locale, name) => {
  const file = path.join(CONTENT_DIR, locale, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
};

/** Uploads each site image once; answers its media id (null for images the site does not have). */
function mediaLibrary(strapi) {
  const uploaded = new Map();
  return async (image) => {
    if (!image || typeof image.url !== 'string' || !image.url.startsWith('/')) return null;
    if (!uploaded.has(image.url)) {
      const file = path.join(PUBLIC_DIR, image.url);
      const type = MIME[path.extname(file)];
      if (!type || !fs.existsSync(file)) return null;
      const name = path.basename(file);
      const [saved] = await strapi
        .plugin('upload')
        .service('upload')
        .upload({
          data: { fileInfo: { name, alternativeText: image.alt || '' } },
          files: {
            filepath: file,
            originalFilename: name,
            mimetype: type,
            size: fs.statSync(file).size,
          },
        });
      uploaded.set(image.url, saved.id);
    }
    return uploaded.get(image.url);
  };
}

async function siteConfiguration(doc, media) {
  const script = ({ src, content }) => ({ src: src || null, content: content || null });
  return {
    logo: await media(doc.logo),
    alternative_logo: await media(doc.alternative_logo),
    seo: { ...doc.seo, metaImage: await media(doc.seo.metaImage) },
    headScripts: (doc.headScripts || []).map(script),
    bodyScripts: (doc.bodyScripts || []).map(script),
    support: doc.support || null,
  };
}

async function footer(doc, media) {
  return {
    category: doc.category,
    disclaimer: await Promise.all(
      doc.disclaimer.map(async (d) => ({
        ...d,
        image: await media(d.image),
        tabletImage: await media(d.tabletImage),
        mobileImage: await media(d.mobileImage),
      })),
    ),
  };
}

/** One published single type in every language that has the document. */
async function seedSingle(strapi, uid, name, shape, media, locales) {
  const documents = strapi.documents(uid);
  let documentId = null;
  for (const locale of locales) {
    const doc = read(locale, name);
    if (!doc) continue;
    const data = await shape(doc, media);
    if (!documentId) {
      documentId = (await documents.create({ locale, status: 'published', data })).documentId;
    } else {
      await documents.update({ documentId, locale, status: 'published', data });
    }
  }
}

/** Betting cards: the n-th card of each language is one document in all of them. */
async function seedCards(strapi, media, locales) {
  const documents = strapi.documents('api::betting-card.betting-card');
  const ids = [];
  for (const locale of locales) {
    const cards = read(locale, 'betting-cards') || [];
    for (const [position, card] of cards.entries()) {
      const data = {
        ...card,
        image: await media(card.image),
        icon: await media(card.icon),
        position,
      };
      if (!ids[position]) {
        ids[position] = (await documents.create({ locale, status: 'published', data })).documentId;
      } else {
        await documents.update({ documentId: ids[position], locale, status: 'published', data });
      }
    }
  }
}

async function seedContent(strapi) {
  const existing = await strapi
    .documents('api::site-configuration.site-configuration')
    .findFirst({ locale: 'en', status: 'published' });
  if (existing) return;
  // English first: the other languages are locales of the documents it creates.
  const locales = [
    'en',
    ...fs
      .readdirSync(CONTENT_DIR)
      .filter((l) => l !== 'en')
      .sort(),
  ];
  const media = mediaLibrary(strapi);
  await seedSingle(
    strapi,
    'api::site-configuration.site-configuration',
    'site-configuration',
    siteConfiguration,
    media,
    locales,
  );
  await seedSingle(strapi, 'api::footer.footer', 'footer', footer, media, locales);
  await seedSingle(
    strapi,
    'api::extra-configuration.extra-configuration',
    'extra-configuration',
    async (doc) => doc,
    media,
    locales,
  );
  for (const [position, script] of (read('en', 'global-scripts') || []).entries()) {
    await strapi
      .documents('api::global-script.global-script')
      .create({ status: 'published', data: { ...script, position } });
  }
  await seedCards(strapi, media, locales);
  strapi.log.info(`Seeded the site's content in ${locales.length} languages from ${CONTENT_DIR}.`);
}

module.exports = { seedContent };
