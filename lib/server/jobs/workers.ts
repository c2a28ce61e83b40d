import 'server-only';
import { startWorkers } from './index';

/**
 * Every job of the platform, imported so this server works them from start — including jobs
 * another server enqueued, or that were waiting when this one restarted. A new job's module is
 * added here.
 */
import '@/lib/server/auth/code-delivery';
import '@/lib/server/notifications/release';
import { startRoundSweeps } from '@/lib/server/casino/rounds';
import { startEventSweeps } from '@/lib/server/sportsbook/settlement';
import { deliverSoon } from '@/lib/server/wallet/events/deliver';
import { startDepositWatchers } from '@/lib/server/wallet/evm-watcher';
import { startPayouts } from '@/lib/server/wallet/payouts';
import { startRateSnapshots } from '@/lib/server/reports/rate-snapshots';

/** Workers for every job, then the loops that run for as long as the server does. */
export async function startAll(): Promise<void> {
  await startWorkers();
  await startDepositWatchers();
  await startPayouts();
  await startRateSnapshots();
  await startRoundSweeps();
  await startEventSweeps();
  // Events a stopped server committed but never delivered.
  await deliverSoon();
}
