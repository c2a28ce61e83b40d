/**
 * Builds the admin panel (`strapi build`) without TypeScript. Strapi's CLI looks for a
 * tsconfig.json in this folder and every folder above it, finds the site's (this project lives
 * inside the site's repository) and tries to compile it; this CMS is plain JavaScript, so the
 * build is called with no TypeScript configuration. Pinned Strapi 5.54.0: its build module.
 */
const path = require('node:path');

const dist = path.join(__dirname, '..', 'node_modules', '@strapi', 'strapi', 'dist');
const { build } = require(path.join(dist, 'src', 'node', 'build.js'));
const { createLogger } = require(path.join(dist, 'src', 'cli', 'utils', 'logger.js'));

build({
  cwd: path.join(__dirname, '..'),
  logger: createLogger({ debug: false, silent: false, timestamp: false }),
  tsconfig: undefined,
  bundler: 'vite',
  minify: true,
  sourcemap: false,
  stats: false,
}).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
