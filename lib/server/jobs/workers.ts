import 'server-only';
import { startWorkers } from './index';

/**
 * Every job of the platform, imported so this server works them from start — including jobs
 * another server enqueued, or that were waiting when this one restarted. A new job's module is
 * added here.
 */
import '@/lib/server/auth/code-delivery';

export { startWorkers };
