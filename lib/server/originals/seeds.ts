import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { sha256Hex } from '@/lib/fairness/bytes';
import type { Rotated, Seeds } from '@/lib/schemas/originals';
import { seal, unseal } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { fairSeeds, gameRounds, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { Tx } from '@/lib/server/wallet/ledger';

/*
 * The seed lifecycle. A player has an active pair (server seed, client seed, next nonce) and a next
 * server seed committed by its hash. A rotation retires the active seed (revealing it), makes the
 * next one active at nonce 0 with the client seed the player chose, and commits a new next one.
 * Bets and rotations both hold the player's `users` row (FOR NO KEY UPDATE, as every posting
 * does), so a bet's nonce statement always sees the pair a rotation left, never a half-rotated one.
 */

type Db = Awaited<ReturnType<typeof getDb>>;
type Writer = Pick<Db, 'insert' | 'select' | 'update' | 'execute'>;

const context = (id: string) => `fair_seed:${id}`;

/** A new server seed: 32 CSPRNG bytes as the 64-character lowercase hex text the HMAC is keyed by. */
async function newSeedRow(userId: string, state: 'active' | 'next', clientSeed: string | null) {
  const id = randomUUID();
  const seed = randomBytes(32).toString('hex');
  return {
    id,
    userId,
    state,
    sealed: await seal('fair-seed', seed, context(id)),
    serverSeedHash: sha256Hex(seed),
    clientSeed,
    nonce: 0,
    activatedAt: state === 'active' ? new Date() : null,
  };
}

/** A client seed the player did not choose: 10 random bytes as hex, as Stake's default looks. */
export const randomClientSeed = () => randomBytes(10).toString('hex');

/** The server seed of a row, opened; a row that does not open is a tampered one, never played. */
export async function openSeed(row: { id: string; sealed: string }): Promise<string> {
  const seed = await unseal('fair-seed', row.sealed, context(row.id));
  if (!seed || !/^[0-9a-f]{64}$/.test(seed)) throw new Error(`fair seed ${row.id} does not open`);
  return seed;
}

/**
 * The player's active and next seeds, made on first use. Two first uses at once both insert; the
 * partial unique indexes keep one of each and the other insert does nothing.
 */
export async function ensureSeeds(userId: string, db?: Writer): Promise<void> {
  const writer = db ?? (await getDb());
  const have = await writer
    .select({ state: fairSeeds.state })
    .from(fairSeeds)
    .where(and(eq(fairSeeds.userId, userId), sql`${fairSeeds.state} <> 'retired'`));
  const states = new Set(have.map((r) => r.state));
  if (!states.has('active')) {
    await writer
      .insert(fairSeeds)
      .values(await newSeedRow(userId, 'active', randomClientSeed()))
      .onConflictDoNothing();
  }
  if (!states.has('next')) {
    await writer
      .insert(fairSeeds)
      .values(await newSeedRow(userId, 'next', null))
      .onConflictDoNothing();
  }
}

async function liveSeeds(db: Writer, userId: string) {
  const rows = await db
    .select()
    .from(fairSeeds)
    .where(and(eq(fairSeeds.userId, userId), sql`${fairSeeds.state} <> 'retired'`));
  const active = rows.find((r) => r.state === 'active');
  const next = rows.find((r) => r.state === 'next');
  if (!active || !next) throw new Error(`player ${userId} has no seed pair`);
  return { active, next };
}

/** What the fairness dialog shows: hashes only, never a live server seed. */
export async function currentSeeds(userId: string): Promise<Seeds> {
  await ensureSeeds(userId);
  const { active, next } = await liveSeeds(await getDb(), userId);
  return {
    active: {
      serverSeedHash: active.serverSeedHash,
      clientSeed: active.clientSeed ?? '',
      nonce: active.nonce,
    },
    next: { serverSeedHash: next.serverSeedHash },
  };
}

/**
 * A rotation: refused while the player has a round open (a Mines game drawn from the active pair
 * must finish on it); otherwise the active seed retired and revealed, the next one active with the
 * chosen client seed at nonce 0, and a new next one committed — one transaction under the
 * player's row lock.
 */
export async function rotateSeeds(userId: string, clientSeed: string): Promise<Rotated> {
  await ensureSeeds(userId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [open] = await tx
      .select({ id: gameRounds.id })
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.userId, userId),
          eq(gameRounds.product, 'originals'),
          eq(gameRounds.state, 'open'),
        ),
      )
      .limit(1);
    if (open) throw new ApiError('SEED_ROTATION_BLOCKED');
    const { active, next } = await liveSeeds(tx, userId);
    const revealed = await openSeed(active);
    const now = new Date();
    await tx
      .update(fairSeeds)
      .set({ state: 'retired', revealed, retiredAt: now })
      .where(and(eq(fairSeeds.id, active.id), eq(fairSeeds.state, 'active')));
    await tx
      .update(fairSeeds)
      .set({ state: 'active', clientSeed, nonce: 0, activatedAt: now })
      .where(and(eq(fairSeeds.id, next.id), eq(fairSeeds.state, 'next')));
    const fresh = await newSeedRow(userId, 'next', null);
    await tx.insert(fairSeeds).values(fresh);
    return {
      previous: {
        serverSeed: revealed,
        serverSeedHash: active.serverSeedHash,
        clientSeed: active.clientSeed ?? '',
        nonce: active.nonce,
      },
      active: { serverSeedHash: next.serverSeedHash, clientSeed, nonce: 0 },
      next: { serverSeedHash: fresh.serverSeedHash },
    };
  });
}

export type Draw = {
  seedId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
};

/**
 * The bet's nonce, taken in its transaction (after the player's row lock): one conditional
 * statement increments the active pair's counter and answers the value the bet uses, so no two
 * bets can draw the same (seed, nonce), whatever runs beside them. A player with no pair yet gets
 * one first.
 */
export async function takeNonce(tx: Tx, userId: string): Promise<Draw> {
  const take = async () =>
    (await tx.execute(sql`
      UPDATE fair_seeds SET nonce = nonce + 1
      WHERE user_id = ${userId} AND state = 'active'
      RETURNING id, sealed, server_seed_hash, client_seed, nonce - 1 AS nonce`)) as {
      rows: Array<{
        id: string;
        sealed: string;
        server_seed_hash: string;
        client_seed: string | null;
        nonce: number;
      }>;
    };
  let { rows } = await take();
  if (!rows[0]) {
    // The player's first bet: the pair is made here, under the same lock, and used at once.
    await ensureSeeds(userId, tx);
    ({ rows } = await take());
  }
  const row = rows[0];
  if (!row) throw new Error(`player ${userId} has no active seed`);
  return {
    seedId: row.id,
    serverSeed: await openSeed(row),
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed ?? '',
    nonce: Number(row.nonce),
  };
}
