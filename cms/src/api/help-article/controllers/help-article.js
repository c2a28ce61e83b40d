const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::help-article.help-article');
