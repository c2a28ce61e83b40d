import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.data/**',
    'node_modules/**',
    // The CMS is its own project (its own install, Strapi's generated files).
    'cms/node_modules/**',
    'cms/dist/**',
    'cms/build/**',
    'cms/public/uploads/**',
    'cms/.strapi/**',
    'cms/types/generated/**',
    'test-results/**',
    'playwright-report/**',
    'bench/baseline/.next/**',
    // Mutation testing's sandbox copy of the project and its reports.
    '.stryker-tmp/**',
    'reports/**',
    'next-env.d.ts',
  ]),
  {
    // The site reaches the platform only over HTTP (lib/api): keep the embedded backend replaceable.
    // Everything but the platform itself (its routes, lib/server) and the process around it (lib/serve).
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['app/api/**', 'lib/server/**', 'lib/serve/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/server/*', '@/lib/server'],
              message: 'Reach the platform through lib/api.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS where the loader requires it: Strapi's own files, Stryker's test environment.
    files: ['cms/**/*.js', 'scripts/**/*.cjs', 'test/setup/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]);
