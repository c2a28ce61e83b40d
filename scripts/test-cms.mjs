#!/usr/bin/env node
// `npm test`'s cms step: installs cms/ when needed, then the CMS flows (e2e/cms.spec.ts) against a
// real Strapi 5 on the test PostgreSQL, with the production build the e2e step used.
import { spawnSync } from 'node:child_process';
import { ensureInstall } from './ensure-install.mjs';
import { CMS_DIR } from './cms-env.cjs';

ensureInstall(CMS_DIR);
const run = spawnSync('npx', ['playwright', 'test', '--project', 'cms'], {
  stdio: 'inherit',
  env: { ...process.env, CMS_E2E: '1' },
});
process.exit(run.status ?? 1);
