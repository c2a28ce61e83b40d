const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::global-script.global-script');
