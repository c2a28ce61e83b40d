import 'server-only';
import { getAddress } from 'viem';
import type { PlayerRow, PlayerSearchField } from '@/lib/schemas/back-office-players';
import { getDbHandle } from '@/lib/server/db';
import type { OperatorActor } from './auth';
import { auditNow } from './audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d{1,15}$/;
const EVM = /^0x[0-9a-fA-F]{40}$/;
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;
const IPV6 = /^[0-9a-fA-F:]{3,39}$/;
/** Base58 and bech32 addresses of the other networks (Bitcoin, TRON, Solana, TON …). */
const OTHER_ADDRESS = /^[A-Za-z0-9_-]{25,90}$/;

/** `like` on the start of what staff typed: their `%` and `_` match themselves. */
const prefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What `any` searches by, told from the text: several kinds where the text could be several. */
function fieldsFor(q: string): PlayerSearchField[] {
  if (UUID.test(q)) return [];
  if (DIGITS.test(q)) return ['memberId', 'phone'];
  if (q.includes('@')) return ['email'];
  if (EVM.test(q)) return ['withdrawalAddress', 'depositSender'];
  if (IPV4.test(q) || (q.includes(':') && IPV6.test(q))) return ['ip'];
  if (OTHER_ADDRESS.test(q) && q.length >= 25) return ['withdrawalAddress', 'username'];
  return ['username'];
}

/**
 * The ids matching one field, as an indexed query each: a member number, a username's start in
 * any case, an email or phone exactly, an address a withdrawal went to or a deposit came from (or
 * the player's own deposit address), an address they signed in from.
 */
function idsBy(field: PlayerSearchField, param: (v: unknown) => string, q: string): string | null {
  switch (field) {
    case 'memberId':
      return DIGITS.test(q) && q.length <= 9
        ? `SELECT id AS user_id FROM users WHERE member_no = ${param(Number(q))}`
        : null;
    case 'username':
      return `SELECT id AS user_id FROM users WHERE lower(username) LIKE ${param(prefix(q.toLowerCase()))}`;
    case 'email':
      return `SELECT id AS user_id FROM users WHERE email = ${param(q.toLowerCase())}`;
    case 'phone': {
      const digits = q.replace(/[^\d]/g, '');
      return `SELECT id AS user_id FROM users WHERE phone IN (${param(q)}, ${param(`+${digits}`)})`;
    }
    case 'withdrawalAddress':
      // Deposit addresses are kept as written: an EVM one in its checksum case, found by family.
      return `SELECT user_id FROM withdrawals WHERE lower(address) = ${param(q.toLowerCase())}
        UNION SELECT user_id FROM deposit_addresses
         WHERE ${EVM.test(q) ? `family = 'evm' AND address = ${param(getAddress(q.toLowerCase()))}` : `address = ${param(q)}`}`;
    case 'depositSender':
      return `SELECT user_id FROM deposits WHERE sender = ${param(q.toLowerCase())}`;
    case 'ip':
      return `SELECT user_id FROM sign_in_events WHERE ip = ${param(q)}`;
    case 'any':
      return null;
  }
}

/**
 * The players room's search: by one field or by what the text looks like, newest players first,
 * each with their KYC level and open flags. Audited (it shows personal data): who searched what.
 */
export async function searchPlayers(
  actor: OperatorActor,
  { q, by, offset, limit }: { q: string; by: PlayerSearchField; offset: number; limit: number },
): Promise<PlayerRow[]> {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const fields = by === 'any' ? fieldsFor(q) : [by];
  const parts = fields.flatMap((f) => idsBy(f, param, q) ?? []);
  if (UUID.test(q)) parts.push(`SELECT id AS user_id FROM users WHERE id = ${param(q)}::uuid`);
  if (!parts.length) return [];
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `WITH hits AS (${parts.join(' UNION ')})
     SELECT u.id, u.member_no::text AS "memberId", u.username, u.email, u.phone, u.status,
            u.vip_level AS "vipLevel", u.created_at AS "createdAt", u.last_login_at AS "lastLoginAt",
            coalesce((SELECT max(k.level) FROM kyc_levels k
                       WHERE k.user_id = u.id AND k.status = 'approved'), 0)::int AS "kycLevel",
            (SELECT count(*) FROM player_flags f
              WHERE f.user_id = u.id AND f.closed_at IS NULL)::int AS "openFlags"
       FROM hits JOIN users u ON u.id = hits.user_id
      ORDER BY u.created_at DESC, u.id DESC
      OFFSET ${param(offset)} LIMIT ${param(limit)}`,
    values,
  );
  await auditNow(actor, {
    action: 'player.search',
    target: `search:${by}`,
    after: { q, found: rows.length },
  });
  return rows.map((r) => ({
    id: String(r.id),
    memberId: String(r.memberId),
    username: String(r.username),
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    status: r.status as PlayerRow['status'],
    kycLevel: Number(r.kycLevel),
    vipLevel: Number(r.vipLevel),
    openFlags: Number(r.openFlags),
    createdAt: new Date(r.createdAt as string).toISOString(),
    lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt as string).toISOString() : null,
  }));
}
