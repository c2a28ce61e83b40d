import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { OutboxEntry } from '@/lib/schemas/outbox';
import { getDb } from '@/lib/server/db';
import { outboxMessages } from '@/lib/server/db/schema';

export function outboxEnabled(): boolean {
  return config.DEV_OUTBOX;
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
