const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::legal-page.legal-page');
