const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::extra-configuration.extra-configuration');
