const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::betting-card.betting-card');
