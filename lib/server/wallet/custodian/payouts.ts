import 'server-only';
import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import type { Network } from '@/lib/schemas/networks';
import { getDb } from '@/lib/server/db';
import { cryptos, custodianPayouts, withdrawals } from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import { raiseAlert, resolveAlert } from '@/lib/server/operator/alerts';
import { formatMinor, parseMinor, truncateDecimal } from '../amounts';
import { markFailed, markPaid, openAttempt } from '../payout-outcome';
import {
  CustodianRefusal,
  CustodianSignedOut,
  type Custodian,
  type CustodianPayouts,
} from './types';
import { custodian } from './index';

type Withdrawal = typeof withdrawals.$inferSelect;
type Row = typeof custodianPayouts.$inferSelect;

/** How long the loop waits between passes while a payout is on its way (webhooks come sooner). */
const POLL_SECONDS = 30;

const served = (provider: Custodian) => [...new Set(provider.serves.map((s) => s.network))];

async function update(id: string, set: Partial<Row>) {
  const db = await getDb();
  await db
    .update(custodianPayouts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(custodianPayouts.id, id));
}

function fail(row: Row, reason: string, txHash: string | null = null) {
  return markFailed(row.withdrawalId, reason, txHash, async (tx) => {
    await tx
      .update(custodianPayouts)
      .set({ status: 'failed', error: reason, txHash, updatedAt: sql`now()` })
      .where(eq(custodianPayouts.id, row.id));
  });
}

/** Asks the custodian to send; a refusal (a bad address, say) fails the withdrawal for an operator. */
async function request(api: CustodianPayouts, row: Row, w: Withdrawal, decimals: number) {
  // Claimed before it goes, by one conditional update: whatever becomes of the answer (or of an
  // overlapping pass), this request is sent once.
  const db = await getDb();
  const claimed = await db
    .update(custodianPayouts)
    .set({ requestedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(custodianPayouts.id, row.id), isNull(custodianPayouts.requestedAt)))
    .returning({ id: custodianPayouts.id });
  if (!claimed.length) return null;
  try {
    const created = await api.request({
      externalId: row.externalId,
      address: w.address,
      currency: w.currency,
      network: w.network as Network,
      amount: formatMinor(w.amount, decimals),
    });
    const set = {
      status: 'created' as const,
      batchId: created.batchId,
      providerWithdrawalId: created.withdrawalId,
    };
    await update(row.id, set);
    return { ...row, ...set };
  } catch (error) {
    if (error instanceof CustodianSignedOut) {
      // Turned away unread: the claim is let go (still ours, one conditional update) and the next
      // pass, signed in again, sends it.
      await db
        .update(custodianPayouts)
        .set({ requestedAt: null, updatedAt: sql`now()` })
        .where(and(eq(custodianPayouts.id, row.id), eq(custodianPayouts.status, 'requesting')));
    }
    if (!(error instanceof CustodianRefusal)) throw error;
    await fail(row, `refused by the custodian: ${error.reason}`);
    return null;
  }
}

/**
 * Moves one payout on: a request not yet sent is sent; one whose answer was lost is looked up by
 * our external id however many payouts came after (review B20) — and never sent a second time: past
 * `CUSTODIAN_LOST_PASSES` passes with no trace the payments team is alerted with the evidence. A
 * created one is verified with the account's second factor, and the custodian's word on it
 * (re-read from its API) ends it paid or failed.
 */
async function advance(provider: Custodian, api: CustodianPayouts, row: Row, w: Withdrawal) {
  let current: Row | null = row;
  if (current.status === 'requesting' && current.requestedAt) {
    const found = await api.find(current.externalId);
    if (!found) return unfound(provider, current, w);
    const set = {
      status: 'created' as const,
      batchId: found.batchId,
      providerWithdrawalId: found.withdrawalId,
    };
    await update(current.id, set);
    await resolveAlert('payout.lost', `withdrawal:${w.id}`);
    current = { ...current, ...set };
  } else if (current.status === 'requesting') {
    const [crypto] = await (
      await getDb()
    )
      .select({ decimals: cryptos.decimals })
      .from(cryptos)
      .where(eq(cryptos.symbol, w.currency));
    current = await request(api, current, w, crypto?.decimals ?? 8);
  }
  if (!current?.batchId || !current.providerWithdrawalId) return;
  if (current.status === 'created') {
    if (await api.verify(current.batchId)) {
      await update(current.id, { status: 'verified' });
      await resolveAlert('payout.verify', `withdrawal:${w.id}`);
    } else {
      await raiseAlert(
        'payout.verify',
        `withdrawal:${w.id}`,
        `Verify ${provider.id} payout ${current.batchId} in its dashboard (no 2FA secret configured)`,
        { batchId: current.batchId },
      );
    }
  }
  const state = await api.status(current.batchId, current.providerWithdrawalId);
  if (!state || state.state === 'open') return;
  const paid = current;
  if (state.state === 'failed') return fail(paid, state.error ?? state.status, state.hash);
  await markPaid(w, { txHash: state.hash, network: w.network }, async (tx) => {
    await tx
      .update(custodianPayouts)
      .set({ status: 'paid', txHash: state.hash, updatedAt: sql`now()` })
      .where(eq(custodianPayouts.id, paid.id));
  });
}

/** A sent request the provider shows no trace of: counted, and past the limit a person looks. */
async function unfound(provider: Custodian, row: Row, w: Withdrawal) {
  const passes = row.unfoundPasses + 1;
  await update(row.id, { unfoundPasses: passes });
  if (passes < config.CUSTODIAN_LOST_PASSES) return;
  await raiseAlert(
    'payout.lost',
    `withdrawal:${w.id}`,
    // Stryker disable next-line OptionalChaining: only a sent request (requestedAt set) is looked up
    `${provider.id} shows no payout under ${row.externalId}, sent ${row.requestedAt?.toISOString()}: check its dashboard before anything else; it will not be requested again`,
    {
      externalId: row.externalId,
      // Stryker disable next-line OptionalChaining: only a sent request (requestedAt set) is looked up
      requestedAt: row.requestedAt?.toISOString(),
      passes,
      currency: w.currency,
      network: w.network,
      address: w.address,
    },
  );
}

/** Opens the next attempt for an approved withdrawal, unless one is in flight (another pass's). */
function open(provider: Custodian, w: Withdrawal): Promise<Row | null> {
  return openAttempt(
    w.id,
    async (tx) =>
      (
        await tx
          .select({ attempt: custodianPayouts.attempt, status: custodianPayouts.status })
          .from(custodianPayouts)
          .where(eq(custodianPayouts.withdrawalId, w.id))
          .orderBy(desc(custodianPayouts.attempt))
          .limit(1)
      )[0],
    async (tx, attempt) =>
      (
        await tx
          .insert(custodianPayouts)
          .values({
            withdrawalId: w.id,
            attempt,
            provider: provider.id,
            externalId: `${w.id}:${attempt}`,
          })
          .returning()
      )[0]!,
  );
}

/** The provider's payouts still on their way (of one batch, when named), with their withdrawals. */
async function inFlight(provider: Custodian, batchId?: string) {
  const db = await getDb();
  return db
    .select({ p: custodianPayouts, w: withdrawals })
    .from(custodianPayouts)
    .innerJoin(withdrawals, eq(withdrawals.id, custodianPayouts.withdrawalId))
    .where(
      and(
        eq(custodianPayouts.provider, provider.id),
        notInArray(custodianPayouts.status, ['paid', 'failed']),
        batchId ? eq(custodianPayouts.batchId, batchId) : undefined,
      ),
    )
    .orderBy(asc(custodianPayouts.createdAt));
}

/**
 * One pass over the custodian's payouts: those in flight first, then approved withdrawals on its
 * networks in order — each after checking the custodian holds enough of the currency (short: the
 * withdrawal stays approved and the operator is alerted). Returns whether work is left.
 */
export async function runCustodianPayouts(provider: Custodian): Promise<boolean> {
  const db = await getDb();
  const networks = served(provider);
  const api = provider.payouts();
  const approved = await db
    .select({ w: withdrawals, decimals: cryptos.decimals })
    .from(withdrawals)
    .innerJoin(cryptos, eq(cryptos.symbol, withdrawals.currency))
    .where(and(inArray(withdrawals.network, networks), eq(withdrawals.status, 'approved')))
    .orderBy(asc(withdrawals.updatedAt))
    .limit(50);
  if (!api) {
    for (const { w } of approved) {
      await raiseAlert(
        'payout.unconfigured',
        `withdrawal:${w.id}`,
        `No payout credentials for ${provider.id}: pay ${w.currency} on ${w.network} by hand`,
      );
    }
    return false;
  }

  const moving = await inFlight(provider);
  for (const { p, w } of moving) await advance(provider, api, p, w);

  const busy = new Set(moving.map(({ w }) => w.id));
  for (const { w, decimals } of approved) {
    if (busy.has(w.id)) continue;
    const held = await api.balance(w.currency, w.network as Network);
    if (held !== null && parseMinor(truncateDecimal(held, decimals), decimals) < w.amount) {
      await raiseAlert(
        'payout.short',
        `withdrawal:${w.id}`,
        `${provider.id} holds too little ${w.currency} on ${w.network} for a payout`,
        { network: w.network, currency: w.currency },
      );
      continue;
    }
    const row = await open(provider, w);
    if (row) await advance(provider, api, row, w);
  }

  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.network, networks),
        or(
          eq(withdrawals.status, 'approved'),
          sql`EXISTS (SELECT 1 FROM ${custodianPayouts} WHERE ${custodianPayouts.withdrawalId} = ${withdrawals.id} AND ${custodianPayouts.status} NOT IN ('paid', 'failed'))`,
        ),
      ),
    );
  return (left?.n ?? 0) > 0;
}

/** A payout webhook: its batch is re-read from the custodian's API (the body alone is not trusted). */
export async function settleCustodianBatch(provider: Custodian, batchId: string): Promise<void> {
  const api = provider.payouts();
  if (!api) return;
  for (const { p, w } of await inFlight(provider, batchId)) await advance(provider, api, p, w);
}

/** The custodian's payout loop: one job per provider, again while work is left. */
const custodianPayoutJob = defineJob<{ provider: string }>(
  'wallet.custodian-payout',
  async ({ provider: id }) => {
    const provider = custodian();
    if (!provider || provider.id !== id) return;
    let more = true;
    try {
      more = await runCustodianPayouts(provider);
    } catch (err) {
      // Stryker disable next-line all: a log line
      logger.warn({ err, provider: id }, 'custodian payout pass failed; trying again');
    }
    if (more) {
      await custodianPayoutJob.enqueue(
        { provider: id },
        { startAfter: POLL_SECONDS, singletonKey: id },
      );
    }
  },
  { retryLimit: 0, policy: 'stately', expireInSeconds: 120 },
);

/** Whether the configured custodian pays this network (the hot wallet does not). */
export function custodianPays(network: string): Custodian | null {
  const provider = custodian();
  return provider && served(provider).includes(network as Network) ? provider : null;
}

export async function scheduleCustodianPayouts(): Promise<void> {
  const provider = custodian();
  if (provider) {
    await custodianPayoutJob.enqueue({ provider: provider.id }, { singletonKey: provider.id });
  }
}
