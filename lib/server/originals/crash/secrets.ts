import 'server-only';
import { seal, unseal } from '@/lib/server/auth/secrets';
import type { crashRounds } from '@/lib/server/db/schema';

export type RoundRow = typeof crashRounds.$inferSelect;

/** What a round keeps sealed until it busts: its crash point, bust instant and the chain's edge. */
export type RoundSecrets = { crashUnits: number; bustMs: number; edgeBps: number };

export const sealRound = (id: string, secrets: RoundSecrets) =>
  seal('crash', JSON.stringify(secrets), `round:${id}`);

// A round is read by every cash-out while it runs: opened once per process.
const opened = new Map<string, RoundSecrets>();

export async function roundSecrets(round: Pick<RoundRow, 'id' | 'sealed'>): Promise<RoundSecrets> {
  const known = opened.get(round.id);
  if (known) return known;
  const plain = await unseal('crash', round.sealed, `round:${round.id}`);
  if (!plain) throw new Error(`crash round ${round.id} does not open`);
  const secrets = JSON.parse(plain) as RoundSecrets;
  if (opened.size > 64) opened.clear();
  opened.set(round.id, secrets);
  return secrets;
}
