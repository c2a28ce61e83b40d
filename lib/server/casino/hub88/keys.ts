import 'server-only';
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';

/** A PEM from the environment, where `\n` may stand for a line break. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

let operatorKey: KeyObject | null = null;

/**
 * Our private key, which signs our calls to Hub88. Configured in production; outside it, made
 * once under HUB88_KEY_DIR (never committed) with its public half beside it, to hand to Hub88.
 */
export function operatorPrivateKey(): KeyObject {
  if (operatorKey) return operatorKey;
  if (config.HUB88_OPERATOR_PRIVATE_KEY) {
    operatorKey = createPrivateKey(pem(config.HUB88_OPERATOR_PRIVATE_KEY));
    return operatorKey;
  }
  const dir = path.resolve(config.HUB88_KEY_DIR);
  const file = path.join(dir, 'operator-private.pem');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(
      path.join(dir, 'operator-public.pem'),
      publicKey.export({ type: 'spki', format: 'pem' }),
    );
    logger.info({ dir }, 'made a Hub88 operator key pair: give operator-public.pem to Hub88');
  }
  operatorKey = createPrivateKey(readFileSync(file, 'utf8'));
  return operatorKey;
}

let aggregatorKey: { source: string; key: KeyObject } | null = null;

/**
 * Hub88's public key, which verifies the wallet calls it makes to us. A key that does not read
 * as one verifies nothing (every call is refused as unsigned) and says so in the log.
 */
export function aggregatorPublicKey(): KeyObject | null {
  const source = config.HUB88_PUBLIC_KEY;
  if (!source) return null;
  if (aggregatorKey?.source !== source) {
    try {
      aggregatorKey = { source, key: createPublicKey(pem(source)) };
    } catch (err) {
      logger.error({ err }, 'HUB88_PUBLIC_KEY is not a public key: every wallet call is refused');
      return null;
    }
  }
  return aggregatorKey.key;
}
