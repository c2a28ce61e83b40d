const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::help-article.help-article');
