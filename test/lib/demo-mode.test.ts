/**
 * When `npm start` runs the demo chain (scripts/demo/mode.mjs), the credentials it makes once
 * and prints on every start (scripts/demo/credentials.mjs), and when it starts the demo studio
 * with the operator's keys (scripts/demo/studio.mjs).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base32, demoCredentials, otpauthUrl } from '../../scripts/demo/credentials.mjs';
import { demoChainWanted, REAL_PAYMENT_SETTINGS } from '../../scripts/demo/mode.mjs';
import { operatorKeys, studioWanted } from '../../scripts/demo/studio.mjs';

const LOCAL = 'http://localhost:3000';

describe('the demo chain', () => {
  it('runs with nothing real configured on a localhost site', () => {
    expect(demoChainWanted({}, LOCAL)).toBe(true);
    expect(demoChainWanted({}, 'http://127.0.0.1:4000')).toBe(true);
    expect(demoChainWanted({ DEV_CHAIN: 'true' }, LOCAL)).toBe(true);
  });

  it('stays off for any chain, custodian or signer, for DEV_CHAIN=false, and off localhost', () => {
    for (const name of REAL_PAYMENT_SETTINGS) {
      expect(demoChainWanted({ [name]: 'set' }, LOCAL)).toBe(false);
    }
    expect(REAL_PAYMENT_SETTINGS).toEqual(
      expect.arrayContaining(['EVM_RPC_URL_ETHEREUM', 'CUSTODIAN', 'WITHDRAWAL_SIGNER_KEY']),
    );
    for (const off of ['false', '0', 'no', 'OFF']) {
      expect(demoChainWanted({ DEV_CHAIN: off }, LOCAL)).toBe(false);
    }
    expect(demoChainWanted({}, 'https://casino.example')).toBe(false);
    expect(demoChainWanted({}, 'http://localhost.example.com')).toBe(false);
    expect(demoChainWanted({}, 'not a url')).toBe(false);
  });
});

describe('the demo credentials', () => {
  it('encodes TOTP secrets in RFC 4648 base32', () => {
    // RFC 4648 §10's vectors, without padding.
    const vectors: [string, string][] = [
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of vectors) expect(base32(Buffer.from(plain))).toBe(encoded);
  });

  it('are made once, kept readable by their owner only, and the same on the next start', () => {
    const [dir, other] = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'demo-'))) as [
      string,
      string,
    ];
    try {
      const first = demoCredentials(dir);
      expect(first.operatorToken.length).toBeGreaterThanOrEqual(32);
      expect(first.admin.password.length).toBeGreaterThanOrEqual(12);
      expect(first.admin.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(statSync(path.join(dir, 'demo-operator.json')).mode & 0o777).toBe(0o600);
      expect(demoCredentials(dir)).toEqual(first);
      expect(demoCredentials(other).operatorToken).not.toBe(first.operatorToken);
      expect(otpauthUrl('Nova Casino', first.admin)).toBe(
        `otpauth://totp/Nova%20Casino%20back%20office%3Aadmin%40example.com?secret=${first.admin.totpSecret}&issuer=Nova%20Casino%20back%20office`,
      );
    } finally {
      for (const d of [dir, other]) rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('the demo studio', () => {
  it('starts with no aggregator configured, outside production, on a localhost site', () => {
    expect(studioWanted({}, LOCAL)).toBe(true);
    expect(studioWanted({ GAMES_AGGREGATOR: 'hub88' }, LOCAL)).toBe(false);
    expect(studioWanted({ GAMES_AGGREGATOR_URL: 'https://games.example' }, LOCAL)).toBe(false);
    expect(studioWanted({ NODE_ENV: 'production' }, LOCAL)).toBe(false);
    expect(studioWanted({ DEMO_STUDIO: 'off' }, LOCAL)).toBe(false);
    expect(studioWanted({}, 'https://casino.example')).toBe(false);
  });

  it('makes the operator’s key pair once, its private half readable by the owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'operator-keys-'));
    try {
      const first = operatorKeys(dir);
      expect(first).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(operatorKeys(dir)).toBe(first);
      expect(statSync(path.join(dir, 'operator-private.pem')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dir, 'operator-public.pem')).isFile()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
