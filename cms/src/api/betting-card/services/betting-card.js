const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::betting-card.betting-card');
