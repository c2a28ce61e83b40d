/** Which page of the site shows a document: where Strapi's preview button opens it. */
const pages = {
  'api::site-configuration.site-configuration': '/',
  'api::footer.footer': '/',
  'api::extra-configuration.extra-configuration': '/',
  'api::home-page.home-page': '/',
  'api::betting-card.betting-card': '/casino',
};

/** Documents with a page of their own: the page is named by the entry's slug. */
const slugPages = {
  'api::promotion.promotion': (slug) => `/promotions/${slug}`,
  'api::help-article.help-article': (slug) => `/help/${slug}`,
  'api::legal-page.legal-page': (slug) => `/legal/${slug}`,
};

/** The page a document shows on: fixed, or read from the entry (its draft, which may be unpublished). */
async function pageOf(strapi, uid, { documentId, locale }) {
  if (pages[uid]) return pages[uid];
  const toPath = slugPages[uid];
  if (!toPath || !documentId || !strapi) return null;
  const entry = await strapi
    .documents(uid)
    .findOne({ documentId, locale, status: 'draft', fields: ['slug'] });
  return entry && entry.slug ? toPath(entry.slug) : null;
}

/** The site's draft-mode link for a document (/api/draft turns draft mode on, then opens the page). */
function previewUrl({ siteUrl, secret, page, locale, status }) {
  if (!siteUrl || !secret || !page) return null;
  // English has no prefix (spec §2); every other language does.
  const prefix = !locale || locale === 'en' ? '' : `/${locale}`;
  const url = new URL('/api/draft', siteUrl);
  url.searchParams.set('secret', secret);
  url.searchParams.set('url', page === '/' ? prefix || '/' : `${prefix}${page}`);
  url.searchParams.set('status', status || 'draft');
  return url.href;
}

module.exports = { previewUrl, pageOf, pages };
