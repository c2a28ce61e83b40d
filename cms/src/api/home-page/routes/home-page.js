const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::home-page.home-page');
