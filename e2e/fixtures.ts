import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

let sequence = 0;

/**
 * Each test is its own caller. The e2e server runs as if behind one proxy (TRUSTED_PROXY_HOPS=1),
 * and every request of a test — page, API, assets — says it came from a loopback address of its
 * own, so one test's sign-ups and failed sign-ins never fill another's per-address limits (players
 * behind one address share them, as on a real site). Loopback, so the development outbox still
 * answers. The spoofing test runs its own server with no proxy trusted (e2e/security.spec.ts).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    sequence += 1;
    const address = `127.${(testInfo.workerIndex % 250) + 1}.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});
