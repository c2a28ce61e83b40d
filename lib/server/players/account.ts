import 'server-only';
import { revokeSessions } from '@/lib/server/casino/sessions';
import { activeRestriction } from '@/lib/server/protection/restriction';
import { securityHoldUntil } from '@/lib/server/wallet/withdrawals';
import { and, eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { CurrentUser, Profile, settingsSchema } from '@/lib/schemas/player';
import type { z } from 'zod';
import { findPlayer, type Player } from '@/lib/server/players/store';
import type { SessionUser } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import { cryptos, languages, users, type LoginType } from '@/lib/server/db/schema';
import { moveSegment } from '@/lib/server/realtime';
import { ApiError } from '@/lib/server/http/api-error';

type SettingsBody = z.output<typeof settingsSchema>;

/** How the profile names each sign-in method (spec §3: Walletconnect is one value). */
export const loginTypeLabels: Record<LoginType, string> = {
  email: 'Email',
  phone: 'Phone',
  metamask: 'Metamask',
  walletconnect: 'Walletconnect',
  phantom: 'Phantom',
  telegram: 'Telegram',
  google: 'Google',
  coinbase: 'Coinbase',
};

export async function playerOf(user: SessionUser): Promise<Player> {
  const player = await findPlayer('id', user.id);
  if (!player) throw new ApiError('UNAUTHORIZED');
  return player;
}

export async function currentUser(user: SessionUser): Promise<CurrentUser> {
  const p = await playerOf(user);
  return {
    _id: p.id,
    name: p.username,
    email: p.email,
    avatar: p.avatar,
    coinbaseId: p.coinbaseId,
    settings: {
      view_in_fiat_object: { currency: p.currency },
      language: p.language,
      navbarCurrency: p.navbarCurrency,
    },
    permissions: [p.role],
  };
}

export async function profileOf(user: SessionUser): Promise<Profile> {
  const p = await playerOf(user);
  return {
    memberId: String(p.memberNo),
    memberUsername: p.username,
    avatar: p.avatar,
    email: p.email,
    phone: p.phone,
    coinbaseId: p.coinbaseId,
    loginType: loginTypeLabels[p.loginType],
    levelInfo: { vipLevel: p.vipLevel, percentageToNextLevel: p.levelProgress },
    settings: {
      language: p.language,
      currency: p.currency,
      navbarCurrency: p.navbarCurrency,
      hideName: p.hideName,
      marketingEmail: p.marketingEmail,
      marketingSms: p.marketingSms,
      signInAlerts: p.signInAlerts,
      display: p.displaySettings ?? null,
    },
    twoFactorEnabled: p.twoFactorEnabled,
    hasPassword: Boolean(p.passwordHash),
    walletAddress: p.evmAddress ? getAddress(p.evmAddress) : null,
    googleConnected: Boolean(p.googleSub),
    restriction: activeRestriction(p),
    restrictedSession: user.scope === 'restricted',
    realityCheckMinutes: p.realityCheckMinutes,
    withdrawalsHeldUntil: securityHoldUntil(p)?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    lastSignInAt: p.lastLoginAt?.toISOString() ?? null,
  };
}

export async function updateSettings(user: SessionUser, body: SettingsBody) {
  const { display, ...settings } = body;
  const db = await getDb();
  // Only what the platform offers: an enabled language of the Languages config, an enabled crypto.
  if (settings.language) {
    const [known] = await db
      .select({ code: languages.code })
      .from(languages)
      .where(and(eq(languages.code, settings.language), eq(languages.enabled, true)));
    if (!known) throw new ApiError('VALIDATION_ERROR', 'language');
  }
  if (settings.navbarCurrency) {
    const [known] = await db
      .select({ symbol: cryptos.symbol })
      .from(cryptos)
      .where(and(eq(cryptos.symbol, settings.navbarCurrency), eq(cryptos.enabled, true)));
    if (!known) throw new ApiError('VALIDATION_ERROR', 'navbarCurrency');
  }
  // The row locked while it changes: two changes at once each move the sockets from what they saw.
  const before = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ language: users.language, vipLevel: users.vipLevel })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    await tx
      .update(users)
      .set({ ...settings, ...(display ? { displaySettings: display } : {}) })
      .where(eq(users.id, user.id));
    // A game plays in one currency: a game opened in another must be opened again.
    if (settings.navbarCurrency) {
      await revokeSessions(user.id, 'currency', { keep: settings.navbarCurrency, tx });
    }
    return row;
  });
  if (before && settings.language && settings.language !== before.language) {
    moveSegment(user.id, before, { ...before, language: settings.language });
  }
  return profileOf(user);
}
