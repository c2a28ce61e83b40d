const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::extra-configuration.extra-configuration');
