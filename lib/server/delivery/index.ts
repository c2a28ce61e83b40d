import 'server-only';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { outboxMessages } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { outboxEnabled } from './outbox';

export type Message = { channel: 'email' | 'phone'; to: string; subject: string; text: string };
type Transport = 'smtp' | 'sms' | 'outbox';

function transportFor(channel: Message['channel']): Transport | null {
  if (channel === 'email' && config.SMTP_URL) return 'smtp';
  if (channel === 'phone' && config.SMS_WEBHOOK_URL) return 'sms';
  return outboxEnabled() ? 'outbox' : null;
}

/**
 * Refuses at once when the channel has no way out at all (a setting, the same for every contact):
 * better a clear 503 on the form than a code request that can only fail later in the job.
 */
export function assertCanDeliver(channel: Message['channel']): void {
  if (!transportFor(channel)) {
    logger.error({ channel }, 'no delivery configured for codes');
    throw new ApiError('DELIVERY_UNAVAILABLE');
  }
}

async function sendEmail(message: Message): Promise<void> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(config.SMTP_URL!);
  await transport.sendMail({
    from: config.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
  });
}

/** The SMS hook: the operator's gateway receives `{ to, message }` and answers 2xx when sent. */
async function sendSms(message: Message): Promise<void> {
  const response = await fetch(config.SMS_WEBHOOK_URL!, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(config.SMS_WEBHOOK_TOKEN ? { Authorization: `Bearer ${config.SMS_WEBHOOK_TOKEN}` } : {}),
    },
    body: JSON.stringify({ to: message.to, message: message.text }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
}

/**
 * Sends a code message: SMTP for email when SMTP_URL is set, the SMS webhook for phones when
 * SMS_WEBHOOK_URL is set, otherwise the development outbox (DEV_OUTBOX). Every message is recorded
 * with where it went; with no way to deliver, the caller gets DELIVERY_UNAVAILABLE.
 */
export async function deliver(message: Message): Promise<void> {
  const transport = transportFor(message.channel);
  if (!transport) {
    logger.error({ channel: message.channel }, 'no delivery configured for codes');
    throw new ApiError('DELIVERY_UNAVAILABLE');
  }
  try {
    if (transport === 'smtp') await sendEmail(message);
    if (transport === 'sms') await sendSms(message);
  } catch (err) {
    logger.error({ err, transport }, 'code delivery failed');
    throw new ApiError('DELIVERY_UNAVAILABLE');
  }
  const db = await getDb();
  // Outside the outbox the body holds a code that must not sit in the database.
  const body = transport === 'outbox' ? message.text : '(delivered)';
  await db.insert(outboxMessages).values({
    channel: message.channel,
    recipient: message.to,
    subject: message.subject,
    body,
    transport,
  });
}
