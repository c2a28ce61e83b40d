const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::promotion.promotion');
