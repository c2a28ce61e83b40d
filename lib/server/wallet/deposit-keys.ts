import 'server-only';
import { ECDH, randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { publicKeyToAddress } from 'viem/accounts';
import { config } from '@/lib/config';
import { seal, unseal } from '@/lib/server/auth/secrets';
import { getDb, getDbHandle } from '@/lib/server/db';
import { appSecrets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

/** The key deposit addresses are derived from: which one it is, and its extended public key. */
export type DepositKey = { id: string; key: HDKey };

const DEV_ROW = 'wallet:dev-seed';
/** BIP44's external chain of Ethereum's first account: where an operator's xpub usually sits. */
const DEV_PATH = "m/44'/60'/0'/0";
// tpub/tprv (testnets) use other version bytes than xpub/xprv.
const TESTNET_VERSIONS = { private: 0x04358394, public: 0x043587cf };

let dev: Promise<HDKey> | undefined;

async function loadOrCreateDevKey(): Promise<HDKey> {
  const db = await getDb();
  // The key belongs to this database: a reopened (test) database reads its own.
  (await getDbHandle()).beforeClose.push(async () => {
    dev = undefined;
  });
  // Two servers starting at once both try; the first insert wins and both read it back.
  await db
    .insert(appSecrets)
    .values({
      name: DEV_ROW,
      value: await seal('wallet-dev-seed', randomBytes(32).toString('hex'), DEV_ROW),
    })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, DEV_ROW));
  const seed = await unseal('wallet-dev-seed', row!.value, DEV_ROW);
  if (!seed) throw new Error('the development wallet seed does not open with this AUTH_SECRET');
  return HDKey.fromMasterSeed(Buffer.from(seed, 'hex')).derive(DEV_PATH);
}

/** The development key (its private half too): the local chain's tooling sweeps and tests with it. */
export function devKey(): Promise<HDKey> {
  dev ??= loadOrCreateDevKey().catch((error: unknown) => {
    dev = undefined;
    throw error;
  });
  return dev;
}

/** Whether a development key may stand in for WALLET_XPUB (never in production unless asked). */
function devKeyAllowed(): boolean {
  return config.DEV_WALLET ?? config.NODE_ENV !== 'production';
}

/**
 * WALLET_XPUB when set; else the development key where that is allowed; else deposits are
 * unavailable (503): a production server never hands out addresses nobody holds the key to.
 */
export async function depositKey(): Promise<DepositKey> {
  if (config.WALLET_XPUB) {
    const versions = config.WALLET_XPUB.startsWith('tpub') ? TESTNET_VERSIONS : undefined;
    const key = HDKey.fromExtendedKey(config.WALLET_XPUB, versions);
    return { id: `xpub:${key.fingerprint.toString(16)}`, key };
  }
  if (!devKeyAllowed()) throw new ApiError('DEPOSITS_UNAVAILABLE');
  return { id: 'dev', key: await devKey() };
}

/** The EVM address of the key's non-hardened child `index` (EIP-55 checksummed). */
export function evmAddressAt(key: HDKey, index: number): `0x${string}` {
  const child = key.deriveChild(index);
  const uncompressed = ECDH.convertKey(
    child.publicKey!,
    'secp256k1',
    undefined,
    'hex',
    'uncompressed',
  );
  return publicKeyToAddress(`0x${String(uncompressed)}`);
}
