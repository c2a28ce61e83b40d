import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { describeUserAgent } from '@/lib/account/user-agent';
import { config } from '@/lib/config';
import { isLocale } from '@/lib/i18n/locales';
import { getDb } from '@/lib/server/db';
import { signInEvents, users } from '@/lib/server/db/schema';
import { deliver } from '@/lib/server/delivery';
import { mailTranslator } from '@/lib/server/http/locale';
import type { RequestMeta } from '@/lib/server/http/request-meta';
import { defineJob } from '@/lib/server/jobs';
import type { Player } from '@/lib/server/players/store';

const deviceKey = (userAgent: string | null | undefined) => {
  const d = describeUserAgent(userAgent);
  return `${d.browser ?? '?'}|${d.os ?? '?'}|${d.device}`;
};

/** The mail, sent by a job after the sign-in answered (a slow mail server never slows a sign-in). */
const signInAlert = defineJob<{ userId: string; device: string; ip: string | null; at: string }>(
  'sign-in-alert',
  async ({ userId, device, ip, at }) => {
    const db = await getDb();
    const [player] = await db.select().from(users).where(eq(users.id, userId));
    if (!player?.email || !player.signInAlerts) return;
    const locale = isLocale(player.language) ? player.language : 'en';
    const t = mailTranslator(locale);
    const time = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(at));
    await deliver({
      channel: 'email',
      to: player.email,
      subject: t('newDeviceSubject', { site: config.SITE_NAME }),
      text: t('newDeviceText', {
        site: config.SITE_NAME,
        device,
        ip: ip ?? '—',
        time: `${time} UTC`,
      }),
    });
  },
);

/**
 * For players who asked for it (security page): an email when a sign-in comes from a device —
 * browser, system and kind — none of their earlier successful sign-ins came from. Checked before
 * this sign-in is recorded.
 */
export async function alertIfNewDevice(player: Player, meta: RequestMeta): Promise<void> {
  if (!player.signInAlerts || !player.email) return;
  const db = await getDb();
  const earlier = await db
    .select({ userAgent: signInEvents.userAgent })
    .from(signInEvents)
    .where(and(eq(signInEvents.userId, player.id), eq(signInEvents.success, true)))
    .orderBy(desc(signInEvents.createdAt))
    .limit(200);
  const key = deviceKey(meta.userAgent);
  // The first sign-in has nothing to compare with; later ones from a known device say nothing.
  if (!earlier.length || earlier.some((e) => deviceKey(e.userAgent) === key)) return;
  const d = describeUserAgent(meta.userAgent);
  const device = [d.browser, d.os].filter(Boolean).join(', ') || d.device;
  await signInAlert.enqueue({
    userId: player.id,
    device,
    ip: meta.ip,
    at: new Date().toISOString(),
  });
}
