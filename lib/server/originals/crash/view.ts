import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { playerOf } from '@/lib/originals/crash';
import {
  type CrashBet,
  type CrashPast,
  type CrashRound,
  type CrashState,
} from '@/lib/schemas/crash';
import { getDb } from '@/lib/server/db';
import { crashBets, crashChains, crashRounds, users } from '@/lib/server/db/schema';
import { cachedPrecision, formatMinor } from '@/lib/server/wallet/amounts';
import { commitmentOf } from './chain';
import type { RoundRow } from './secrets';

export type BetRow = typeof crashBets.$inferSelect;
type Named = { username: string; hideName: boolean };

const HISTORY = 20;

/** A bet as the round's list shows it: the player's name only when they show it. */
export function betView(bet: BetRow, player: Named, decimals: number): CrashBet {
  return {
    id: bet.id,
    roundId: bet.roundId,
    player: player.hideName ? null : player.username,
    currency: bet.currency,
    amount: formatMinor(bet.stake, decimals),
    state: bet.state,
    cashedUnits: bet.cashedUnits,
    payout: bet.payout === null ? null : formatMinor(bet.payout, decimals),
    autoUnits: bet.autoUnits,
  };
}

/** A round as everyone sees it: the crash point and hash only once it is over. */
export async function roundView(round: RoundRow): Promise<CrashRound> {
  const db = await getDb();
  const [rows, precision] = await Promise.all([
    db
      .select({ bet: crashBets, username: users.username, hideName: users.hideName })
      .from(crashBets)
      .innerJoin(users, eq(users.id, crashBets.userId))
      .where(eq(crashBets.roundId, round.id))
      .orderBy(desc(crashBets.stake)),
    cachedPrecision(),
  ]);
  return {
    id: round.id,
    game: round.game,
    state: round.state,
    startsAt: round.startsAt.getTime(),
    crashUnits: round.crashUnits,
    hash: round.gameHash,
    players: rows.map((r) => playerOf(betView(r.bet, r, precision.get(r.bet.currency) ?? 8))),
  };
}

const pastOf = (r: RoundRow): CrashPast => ({
  id: r.id,
  game: r.game,
  state: r.state,
  crashUnits: r.crashUnits,
  hash: r.gameHash,
  endedAt: r.endedAt?.toISOString() ?? null,
});

/** What the Crash page opens with: the commitment, the round now, the recent ones, my bet. */
export async function crashState(viewer: { id: string } | null): Promise<CrashState> {
  const db = await getDb();
  const [chain] = await db.select().from(crashChains).where(eq(crashChains.active, 1));
  const recent = await db
    .select()
    .from(crashRounds)
    .orderBy(desc(crashRounds.createdAt))
    .limit(HISTORY + 1);
  const current = recent[0] ?? null;
  const history = recent.filter((r) => r.state === 'busted' || r.state === 'aborted');
  let mine: CrashBet | null = null;
  if (viewer && current) {
    const [found] = await db
      .select({ bet: crashBets, username: users.username, hideName: users.hideName })
      .from(crashBets)
      .innerJoin(users, eq(users.id, crashBets.userId))
      .where(and(eq(crashBets.roundId, current.id), eq(crashBets.userId, viewer.id)));
    if (found) {
      mine = betView(found.bet, found, (await cachedPrecision()).get(found.bet.currency) ?? 8);
    }
  }
  return {
    serverNow: Date.now(),
    commitment: chain ? commitmentOf(chain) : null,
    round: current ? await roundView(current) : null,
    history: history.slice(0, HISTORY).map(pastOf),
    mine,
  };
}
