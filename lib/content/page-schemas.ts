import { z } from 'zod';
import { casinoTabs, slotsTabs, sportsSections } from '@/lib/site/paths';
import { articleTextSchema, linkHref, media } from './schemas';

/**
 * The documents behind the content pages: the home page, promotions, help articles and legal
 * pages. Shared by the embedded documents and Strapi (whose answers carry numeric ids, `documentId`
 * and timestamps: extra keys are ignored, ids read as strings).
 */

const id = z.coerce.string();
const slug = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A call to action; one pointing somewhere not allowed (javascript:, //host) makes it null. */
const cta = z
  .object({
    label: z.string().min(1).max(80),
    href: linkHref,
    isExternal: z.boolean().default(false),
  })
  .transform((c) => (c.href === null ? null : { ...c, href: c.href }));

// Home page ------------------------------------------------------------------------------------

const heroBanner = z.object({
  id,
  title: z.string().min(1).max(120),
  text: z.string().max(240).optional(),
  /** Per breakpoint: the desktop image is required, the others fall back to it. */
  image: media,
  tabletImage: media.optional(),
  mobileImage: media.optional(),
  cta: cta.optional(),
});
export type HeroBanner = z.infer<typeof heroBanner>;

const lobbyCategories = {
  casino: casinoTabs.filter((t) => t !== 'lobby' && t !== 'providers'),
  slots: slotsTabs.filter((t) => t !== 'lobby' && t !== 'providers'),
} as const;

const gameRowSection = z
  .object({
    __component: z.literal('home.game-row'),
    id,
    title: z.string().min(1).max(80),
    section: z.enum(['casino', 'slots']),
    category: z.string(),
  })
  // A row is one of the lobby's categories; any other name shows nothing.
  .refine((r) => (lobbyCategories[r.section] as readonly string[]).includes(r.category), {
    message: 'not a category of that lobby',
    path: ['category'],
  });

const promotionsStripSection = z.object({
  __component: z.literal('home.promotions-strip'),
  id,
  title: z.string().min(1).max(80),
});

const sportsBtPaths = sportsSections.map((s) => s.btPath) as [string, ...string[]];
const sportsHighlightsSection = z.object({
  __component: z.literal('home.sports-highlights'),
  id,
  title: z.string().min(1).max(80),
  items: z
    .array(
      z.object({
        id,
        title: z.string().min(1).max(60),
        text: z.string().max(160).optional(),
        btPath: z.enum(sportsBtPaths),
      }),
    )
    .max(8),
});

const homeSection = z.discriminatedUnion('__component', [
  gameRowSection,
  promotionsStripSection,
  sportsHighlightsSection,
]);
export type HomeSection = z.infer<typeof homeSection>;

const sectionKinds = new Set(['home.game-row', 'home.promotions-strip', 'home.sports-highlights']);

export const homePageSchema = z.object({
  hero: z.array(heroBanner).max(8).default([]),
  /**
   * The editor's order. A section of a kind this site does not draw, or a malformed one, is left
   * out with the rest of the page kept.
   */
  sections: z
    .array(z.unknown())
    .default([])
    .transform((sections) =>
      sections.flatMap((s) => {
        const kind = (s as { __component?: unknown } | null)?.__component;
        if (!sectionKinds.has(String(kind))) return [];
        const parsed = homeSection.safeParse(s);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
export type HomePage = z.infer<typeof homePageSchema>;

// Promotions -----------------------------------------------------------------------------------

export const promotionSchema = z.object({
  slug,
  title: z.string().min(1).max(120),
  summary: z.string().min(1).max(300),
  image: media,
  body: articleTextSchema,
  terms: articleTextSchema.default([]),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  cta: cta.optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionsSchema = z.array(promotionSchema);

// Help -----------------------------------------------------------------------------------------

export const helpCategories = [
  'getting-started',
  'account',
  'payments',
  'bonuses',
  'responsible-gaming',
] as const;
export type HelpCategory = (typeof helpCategories)[number];

export const helpArticleSchema = z.object({
  slug,
  category: z.enum(helpCategories),
  title: z.string().min(1).max(160),
  summary: z.string().min(1).max(300),
  body: articleTextSchema,
  /** Questions and answers shown under the article and given to search engines as FAQ data. */
  faq: z
    .array(z.object({ question: z.string().min(1).max(200), answer: z.string().min(1).max(1000) }))
    .default([]),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpArticlesSchema = z.array(helpArticleSchema);

// Legal ----------------------------------------------------------------------------------------

export const legalSlugs = ['terms', 'privacy', 'responsible-gaming', 'aml-kyc'] as const;
export type LegalSlug = (typeof legalSlugs)[number];

export const legalPageSchema = z.object({
  slug: z.enum(legalSlugs),
  title: z.string().min(1).max(120),
  updatedOn: z.iso.date(),
  body: articleTextSchema,
});
export type LegalPage = z.infer<typeof legalPageSchema>;
export const legalPagesSchema = z.array(legalPageSchema);
