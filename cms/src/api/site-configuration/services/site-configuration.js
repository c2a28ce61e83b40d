const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::site-configuration.site-configuration');
