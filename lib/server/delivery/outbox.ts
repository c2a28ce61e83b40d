import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import type { OutboxEntry } from '@/lib/schemas/outbox';
import { getDb } from '@/lib/server/db';
import { outboxMessages } from '@/lib/server/db/schema';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The site runs on this machine only: the one setting where an outbox of codes may exist. */
export function isLocalSite(siteUrl: string): boolean {
  return LOCAL_HOSTS.has(new URL(siteUrl).hostname);
}

/**
 * The outbox holds every undelivered code in clear, so it is on only for a local demo: DEV_OUTBOX
 * set and SITE_URL a localhost address. Its readers must also be on this machine (see the route).
 */
export function outboxEnabled(): boolean {
  return config.DEV_OUTBOX && isLocalSite(config.SITE_URL);
}

/** Said once at start, loudly: an operator must never find the outbox on by surprise. */
export function announceOutbox(): void {
  if (!config.DEV_OUTBOX) return;
  if (outboxEnabled()) {
    logger.warn(
      'DEVELOPMENT OUTBOX IS ON: sign-up and reset codes are not sent but kept at /dev/outbox, readable from this machine only. Set SMTP_URL / SMS_WEBHOOK_URL for real delivery.',
    );
  } else {
    logger.error(
      { siteUrl: config.SITE_URL },
      'DEV_OUTBOX is ignored: SITE_URL is not a localhost address. Codes cannot be delivered until SMTP_URL / SMS_WEBHOOK_URL are set.',
    );
  }
}

/** The development outbox: messages that went nowhere else, newest first. */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.transport, 'outbox'))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
  }));
}
