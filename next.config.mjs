import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // Messages are compiled at build time: browsers get icu-minify's small formatter instead of
  // intl-messageformat's parser.
  experimental: {
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  productionBrowserSourceMaps: process.env.BENCH_SOURCEMAPS === '1',
  poweredByHeader: false,
  // Native/WASM and logging packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss', 'pino', 'pino-pretty'],
  // `npm test` type-checks before building; a plain `next build` still checks types itself.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
};

export default withNextIntl(nextConfig);
