const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::betting-card.betting-card');
