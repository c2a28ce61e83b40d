const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::extra-configuration.extra-configuration');
