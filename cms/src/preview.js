/** Which page of the site shows a document: where Strapi's preview button opens it. */
const pages = {
  'api::site-configuration.site-configuration': '/',
  'api::footer.footer': '/',
  'api::extra-configuration.extra-configuration': '/',
  'api::betting-card.betting-card': '/casino',
};

/** The site's draft-mode link for a document (/api/draft turns draft mode on, then opens the page). */
function previewUrl({ siteUrl, secret, uid, locale, status }) {
  const page = pages[uid];
  if (!siteUrl || !secret || !page) return null;
  // English has no prefix (spec §2); every other language does.
  const prefix = !locale || locale === 'en' ? '' : `/${locale}`;
  const url = new URL('/api/draft', siteUrl);
  url.searchParams.set('secret', secret);
  url.searchParams.set('url', page === '/' ? prefix || '/' : `${prefix}${page}`);
  url.searchParams.set('status', status || 'draft');
  return url.href;
}

module.exports = { previewUrl, pages };
