const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::site-configuration.site-configuration');
