import 'server-only';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { staff } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { demoChainEnabled } from '@/lib/server/wallet/demo-chain';
import { createStaff } from './accounts';

/**
 * The local demo's back-office admin (`npm start` generates and prints the credentials): made at
 * start when absent, so a newcomer can approve a withdrawal. Nothing happens outside the demo.
 */
export async function ensureDemoAdmin(): Promise<'made' | 'kept' | 'off'> {
  const { DEMO_ADMIN_EMAIL: email, DEMO_ADMIN_PASSWORD: password } = config;
  const secret = config.DEMO_ADMIN_TOTP_SECRET;
  if (!email || !password || !secret || !demoChainEnabled()) return 'off';
  const db = await getDb();
  const [found] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`);
  if (found) return 'kept';
  try {
    await createStaff({ email, password, role: 'admin', name: 'Demo admin' }, undefined, secret);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ACCOUNT_EXISTS') return 'kept';
    throw error;
  }
  logger.warn(
    { email },
    'DEMO ADMIN made for the local demo: see the credentials npm start printed',
  );
  return 'made';
}
