import 'server-only';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { users, type LoginType } from '@/lib/server/db/schema';

export type Player = typeof users.$inferSelect;
type NewPlayer = Omit<typeof users.$inferInsert, 'id' | 'username' | 'memberNo'>;

/** A display name to start with: the email's local part or a wallet's first characters, made unique enough. */
export function usernameFor(seed: string | null | undefined): string {
  const base = (seed ?? '')
    .split('@')[0]!
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, 12);
  return `${base || 'Player'}${randomInt(1000, 10_000)}`;
}

export async function findPlayer(column: 'email' | 'phone' | 'id', value: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users[column], value)).limit(1);
  return row ?? null;
}

export async function createPlayer(values: NewPlayer & { usernameSeed?: string | null }) {
  const db = await getDb();
  const { usernameSeed, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({ ...rest, username: usernameFor(usernameSeed ?? rest.email) })
    .returning();
  return row!;
}

type IdentityColumn = 'evmAddress' | 'solanaAddress' | 'telegramId' | 'googleSub' | 'coinbaseId';

/**
 * The player behind an outside identity (a wallet address, a Telegram or Google account), created
 * on first sign-in. Two first sign-ins at once end with one player: the loser reads the winner's row.
 */
export async function playerForIdentity(
  column: IdentityColumn,
  value: string,
  create: {
    loginType: LoginType;
    promotionCode?: string;
    usernameSeed?: string | null;
  } & Partial<NewPlayer>,
): Promise<Player> {
  const db = await getDb();
  const [existing] = await db.select().from(users).where(eq(users[column], value)).limit(1);
  if (existing) return existing;
  const { usernameSeed, ...rest } = create;
  const [inserted] = await db
    .insert(users)
    .values({ ...rest, [column]: value, status: 'active', username: usernameFor(usernameSeed) })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [raced] = await db.select().from(users).where(eq(users[column], value)).limit(1);
  return raced!;
}

/** Contacts are compared as stored: emails lowercased and trimmed, phones without spaces. */
export function normalizeContact(type: 'email' | 'phone', contact: string): string {
  const trimmed = contact.trim();
  return type === 'email' ? trimmed.toLowerCase() : trimmed.replace(/[\s()-]/g, '');
}
