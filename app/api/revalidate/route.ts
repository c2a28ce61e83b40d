import { config } from '@/lib/config';
import { invalidateContent } from '@/lib/content/invalidate';
import { strapiWebhookSchema, tagsForWebhook } from '@/lib/content/webhook';
import { logger } from '@/lib/logger';
import { secretMatches } from '@/lib/security/secret-match';
import { localizedJsonError } from '@/lib/site/json-error';

/**
 * The CMS webhook (Strapi 5: Settings → Webhooks, header `Authorization: Bearer
 * <REVALIDATE_SECRET>`): a created, updated, deleted, published or unpublished entry drops exactly
 * the pages that show its document in its locale, on every server. Off (404) without the secret.
 */
export async function POST(request: Request) {
  if (!config.REVALIDATE_SECRET) return localizedJsonError(request, 404, 'NOT_FOUND', 'notFound');
  const given = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  if (!secretMatches(given, config.REVALIDATE_SECRET)) {
    return localizedJsonError(request, 401, 'UNAUTHORIZED', 'webhookSecret');
  }
  const raw: unknown = await request.json().catch(() => undefined);
  const payload = strapiWebhookSchema.safeParse(raw);
  if (!payload.success) {
    return localizedJsonError(request, 400, 'VALIDATION_ERROR', 'webhookPayload');
  }
  const tags = tagsForWebhook(payload.data);
  const dropped = tags.length ? await invalidateContent(tags) : { documents: 0, pages: 0 };
  logger.info(
    { event: payload.data.event, model: payload.data.model, tags },
    'content invalidated',
  );
  return Response.json(
    { code: 'success', data: { tags, ...dropped } },
    { headers: { 'cache-control': 'no-store' } },
  );
}
