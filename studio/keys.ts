import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The studio's RSA pair, made on first start under `dir` (the platform is given the public half
 * as HUB88_PUBLIC_KEY): kept as PEM files, the private one readable by the owner only.
 */
export function studioKeys(dir: string): { privateKey: KeyObject; publicPem: string } {
  const privatePath = path.join(dir, 'studio-private.pem');
  const publicPath = path.join(dir, 'studio-public.pem');
  if (!existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  const privateKey = createPrivateKey(readFileSync(privatePath));
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicPem };
}
