// The demo's operator token and back-office admin: made once, kept beside the demo's data (0600),
// so every `npm start` can print them again. Never used outside the local demo (scripts/start.mjs).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a TOTP secret. */
export function base32(bytes) {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function fresh() {
  return {
    operatorToken: randomBytes(24).toString('base64url'),
    admin: {
      email: 'admin@example.com',
      password: randomBytes(12).toString('base64url'),
      totpSecret: base32(randomBytes(20)),
    },
  };
}

/** The demo's credentials from `dir`, made and written there the first time. */
export function demoCredentials(dir) {
  const file = path.join(dir, 'demo-operator.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dir, { recursive: true });
  const made = fresh();
  writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  return made;
}

/** The otpauth address an authenticator app reads (the same shape the back office makes). */
export function otpauthUrl(siteName, { email, totpSecret }) {
  const issuer = `${siteName} back office`;
  const label = encodeURIComponent(`${issuer}:${email}`);
  return `otpauth://totp/${label}?secret=${totpSecret}&issuer=${encodeURIComponent(issuer)}`;
}
