const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::global-script.global-script');
