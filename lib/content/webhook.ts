import { z } from 'zod';
import { isLocale, locales } from '@/lib/i18n/locales';
import { contentTag, type ContentDocument } from './source';

/**
 * Strapi 5's webhook payload (Settings → Webhooks): `event`, the content type's `model` (its
 * singular name), and the `entry` with its `locale`. Media events and unknown models change no
 * page of ours.
 */
export const strapiWebhookSchema = z.object({
  event: z.string().max(60),
  model: z.string().max(100).optional(),
  uid: z.string().max(200).optional(),
  entry: z
    .object({ documentId: z.string().max(100).optional(), locale: z.string().max(20).nullish() })
    .loose()
    .optional(),
});
export type StrapiWebhook = z.infer<typeof strapiWebhookSchema>;

const ENTRY_EVENTS = new Set([
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
]);

/** Strapi's model names → the documents the site reads. */
const modelDocuments: Record<string, ContentDocument> = {
  'site-configuration': 'site-configuration',
  'extra-configuration': 'extra-configuration',
  'global-script': 'global-scripts',
  footer: 'footer',
  'betting-card': 'betting-cards',
  'home-page': 'home-page',
  promotion: 'promotions',
  'help-article': 'help-articles',
  'legal-page': 'legal-pages',
};

/** The cache tags a webhook invalidates: the document in the entry's locale, else in all of them. */
export function tagsForWebhook(payload: StrapiWebhook): string[] {
  if (!ENTRY_EVENTS.has(payload.event) || !payload.model) return [];
  const document = modelDocuments[payload.model];
  if (!document) return [];
  const locale = payload.entry?.locale;
  const affected = isLocale(locale) ? [locale] : locales;
  return affected.map((l) => contentTag(document, l));
}
