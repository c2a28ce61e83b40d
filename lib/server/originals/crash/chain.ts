import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { config } from '@/lib/config';
import { CRASH_FORMULA, chainIndexOfGame } from '@/lib/fairness/crash';
import type { CrashCommitment } from '@/lib/schemas/crash';
import { seal, unseal } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { crashChains } from '@/lib/server/db/schema';
import { auditNow } from '@/lib/server/operator/audit';

export type Chain = typeof crashChains.$inferSelect;

// The engine, not a person, commits: the audit row says so, under the admin role it acts for.
const ENGINE = { id: 'system:crash', role: 'admin' as const, name: 'Crash engine' };

/** Every 10⁴th hash is kept (sealed): a game's hash is at most 9,999 hashes from one. */
export const CHECKPOINT_EVERY = 10_000;

// Node's SHA-256 on the server (a million hashes in about a second); lib/fairness's for checking.
const step = (hex: string) => createHash('sha256').update(hex).digest('hex');

/**
 * The chain in play, made on first use when there is none: h₀ drawn, hashed `CRASH_CHAIN_LENGTH`
 * times, h₀ and the checkpoints sealed, and the commitment written to the audit log. Two servers
 * making one at once: the one-active index keeps the first, and both answer it.
 */
export async function activeChain(signal?: AbortSignal): Promise<Chain> {
  const db = await getDb();
  const [found] = await db.select().from(crashChains).where(eq(crashChains.active, 1));
  if (found) return found.salt === null ? saltGiven(found) : found;
  const id = randomUUID();
  const seed = randomBytes(32).toString('hex');
  const length = config.CRASH_CHAIN_LENGTH;
  const checkpoints: Record<string, string> = {};
  let hash = seed;
  for (let index = 0; index <= length; index += 1) {
    if (index % CHECKPOINT_EVERY === 0 && index > 0) {
      checkpoints[index] = await seal('crash', hash, `${id}:${index}`);
      // A million hashes take seconds: requests are served between checkpoints, and a server
      // stopping meanwhile stops making the chain (the next start makes another).
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
    }
    if (index < length) hash = step(hash);
  }
  // A Bitcoin salt is a block not mined yet when the chain is committed: it is given afterwards.
  const bitcoin = config.CRASH_SALT_HEIGHT !== undefined;
  const salt = bitcoin ? null : randomBytes(32).toString('hex');
  const [made] = await db
    .insert(crashChains)
    .values({
      id,
      length,
      terminatingHash: hash,
      edgeBps: config.CRASH_EDGE_BPS,
      salt,
      saltKind: bitcoin ? 'bitcoin' : 'demo',
      saltHeight: config.CRASH_SALT_HEIGHT ?? null,
      seedSealed: await seal('crash', seed, `${id}:0`),
      checkpoints,
    })
    .onConflictDoNothing()
    .returning();
  if (!made) return activeChain();
  await auditNow(ENGINE, {
    action: 'crash.chain.commit',
    target: `crash-chain:${id}`,
    after: commitmentOf(made),
  });
  return made;
}

/**
 * A committed chain waiting for its block: `CRASH_SALT` (the block's hash, set once it is mined)
 * becomes its salt, once — audited. Until then no round is played.
 */
async function saltGiven(chain: Chain): Promise<Chain> {
  if (!config.CRASH_SALT) return chain;
  const db = await getDb();
  const [salted] = await db
    .update(crashChains)
    .set({ salt: config.CRASH_SALT })
    .where(and(eq(crashChains.id, chain.id), isNull(crashChains.salt)))
    .returning();
  if (!salted) return activeChain();
  await auditNow(ENGINE, {
    action: 'crash.chain.salt',
    target: `crash-chain:${chain.id}`,
    after: commitmentOf(salted),
  });
  return salted;
}

/** A chain by id: a round is always read against its own chain, even after another is made. */
export async function chainById(id: string): Promise<Chain> {
  const db = await getDb();
  const [chain] = await db.select().from(crashChains).where(eq(crashChains.id, id));
  if (!chain) throw new Error(`crash chain ${id} not found`);
  return chain;
}

/** What the house committed to, as the verifier shows it. */
export function commitmentOf(chain: Chain): CrashCommitment {
  return {
    chainId: chain.id,
    terminatingHash: chain.terminatingHash,
    length: chain.length,
    edgeBps: chain.edgeBps,
    salt: chain.salt,
    saltKind: chain.saltKind,
    saltHeight: chain.saltHeight,
    formula: CRASH_FORMULA,
    committedAt: chain.createdAt.toISOString(),
  };
}

/** Game n's hash: h_{N−n}, hashed forward from the nearest sealed checkpoint below it. */
export async function gameHashOf(chain: Chain, game: number): Promise<string> {
  const index = chainIndexOfGame(game, chain.length);
  const base = Math.floor(index / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
  const sealed = base === 0 ? chain.seedSealed : chain.checkpoints[base];
  let hash = sealed ? await unseal('crash', sealed, `${chain.id}:${base}`) : null;
  if (!hash) throw new Error(`crash chain ${chain.id}: checkpoint ${base} does not open`);
  for (let i = base; i < index; i += 1) hash = step(hash);
  return hash;
}
