const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::help-article.help-article');
