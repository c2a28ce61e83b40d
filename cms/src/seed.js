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

/**
 * A collection: the entry with the same key (a slug, else its place) in each language is one
 * document in all of them, published.
 */
async function seedCollection(strapi, uid, name, shape, media, locales, keyOf) {
  const documents = strapi.documents(uid);
  const ids = new Map();
  for (const locale of locales) {
    const entries = read(locale, name) || [];
    for (const [position, entry] of entries.entries()) {
      const key = keyOf ? keyOf(entry) : position;
      const data = { ...(await shape(entry, media)), position };
      if (!ids.has(key)) {
        ids.set(key, (await documents.create({ locale, status: 'published', data })).documentId);
      } else {
        await documents.update({ documentId: ids.get(key), locale, status: 'published', data });
      }
    }
  }
}

const bettingCard = async (card, media) => ({
  ...card,
  image: await media(card.image),
  icon: await media(card.icon),
});

/** Strapi numbers components itself: the embedded documents' string ids are left out. */
const withoutId = (component) =>
  Object.fromEntries(Object.entries(component).filter(([key]) => key !== 'id'));

async function homePage(doc, media) {
  return {
    hero: await Promise.all(
      doc.hero.map(async (b) => ({
        ...withoutId(b),
        image: await media(b.image),
        tabletImage: await media(b.tabletImage),
        mobileImage: await media(b.mobileImage),
      })),
    ),
    sections: doc.sections.map((s) => ({
      ...withoutId(s),
      ...(s.items ? { items: s.items.map(withoutId) } : {}),
    })),
  };
}

const promotion = async (p, media) => ({ ...p, image: await media(p.image) });

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
  await seedCollection(
    strapi,
    'api::betting-card.betting-card',
    'betting-cards',
    bettingCard,
    media,
    locales,
  );
  await seedSingle(strapi, 'api::home-page.home-page', 'home-page', homePage, media, locales);
  const bySlug = (entry) => entry.slug;
  const plain = async (entry) => entry;
  await seedCollection(
    strapi,
    'api::promotion.promotion',
    'promotions',
    promotion,
    media,
    locales,
    bySlug,
  );
  await seedCollection(
    strapi,
    'api::help-article.help-article',
    'help-articles',
    plain,
    media,
    locales,
    bySlug,
  );
  await seedCollection(
    strapi,
    'api::legal-page.legal-page',
    'legal-pages',
    plain,
    media,
    locales,
    bySlug,
  );
  strapi.log.info(`Seeded the site's content in ${locales.length} languages from ${CONTENT_DIR}.`);
}

module.exports = { seedContent };
