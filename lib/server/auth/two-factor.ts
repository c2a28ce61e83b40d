import 'server-only';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { Player } from '@/lib/server/players/store';
import { seal, unseal } from './secrets';
import { revokeAllSessions, type SessionUser } from './session';
import { assertFreshProof } from './step-up';

/**
 * Checks a TOTP code (30 s steps, one step of clock drift) and records its time step, so the same
 * code — or an older one — is never accepted again. The secret is stored sealed (AES-GCM, bound to
 * the player's row).
 */
export async function acceptTotp(
  player: Pick<Player, 'id' | 'twoFactorSecret' | 'twoFactorLastStep'>,
  code: string,
) {
  if (!player.twoFactorSecret) return false;
  const secret = await unseal('totp-secret', player.twoFactorSecret, player.id);
  if (!secret) return false;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(player.twoFactorLastStep !== null ? { afterTimeStep: player.twoFactorLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  const step = (result as { timeStep: number }).timeStep;
  const db = await getDb();
  // Two requests with the same code: only the one that moves the step forward wins.
  const moved = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(users.id, player.id),
        or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return moved.length === 1;
}

type Proof = { user: SessionUser; player: Player; password?: string };

/** Starts enabling 2FA: a new secret (not active until confirmed) and its QR code. */
export async function beginTwoFactor({ user, player, password }: Proof) {
  if (player.twoFactorEnabled) throw new ApiError('TWO_FACTOR_ALREADY_ENABLED');
  await assertFreshProof(user, player, password);
  const secret = generateSecret();
  const db = await getDb();
  await db
    .update(users)
    .set({ twoFactorSecret: await seal('totp-secret', secret, player.id), twoFactorLastStep: null })
    .where(and(eq(users.id, player.id), eq(users.twoFactorEnabled, false)));
  const label = player.email ?? player.phone ?? player.username;
  const otpauthUrl = generateURI({ issuer: config.SITE_NAME, label, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 200 });
  return { secret, otpauthUrl, qrCode };
}

/**
 * Turns 2FA on: every other session ends, so a token stolen before cannot outlive the change. It
 * makes the account safer, so withdrawals are not held (turning it off is what holds them).
 */
export async function enableTwoFactor({ user, player, password }: Proof, code: string) {
  if (player.twoFactorEnabled) throw new ApiError('TWO_FACTOR_ALREADY_ENABLED');
  await assertFreshProof(user, player, password);
  if (!(await acceptTotp(player, code))) throw new ApiError('INVALID_2FA');
  const db = await getDb();
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, player.id));
  await revokeAllSessions(player.id, user.sessionId);
  return { twoFactorEnabled: true };
}

/** Turns 2FA off: withdrawals wait WITHDRAWAL_HOLD_HOURS, as after a password or contact change. */
export async function disableTwoFactor({ user, player, password }: Proof, code: string) {
  if (!player.twoFactorEnabled) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
  await assertFreshProof(user, player, password);
  if (!(await acceptTotp(player, code))) throw new ApiError('INVALID_2FA');
  const db = await getDb();
  await db
    .update(users)
    .set({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorLastStep: null,
      securityChangedAt: new Date(),
    })
    .where(eq(users.id, player.id));
  return { twoFactorEnabled: false };
}
