import { z } from 'zod';
import { contentLink } from './links';

/** An editor's link target: only the kinds `contentLink` allows; anything else becomes null. */
export const linkHref = z.string().transform((v) => contentLink(v)?.href ?? null);

/** An image; Strapi names its alt text `alternativeText`, the embedded documents `alt`. */
export const media = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('alt' in v) && 'alternativeText' in v
      ? { ...v, alt: (v as { alternativeText?: unknown }).alternativeText ?? '' }
      : v,
  z.object({
    url: z.string(),
    alt: z
      .string()
      .nullable()
      .default('')
      .transform((a) => a ?? ''),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
  }),
);
export type Media = z.infer<typeof media>;

/** A script an operator adds to every page (analytics, chat): an external src or inline code. */
const siteScript = z
  // Strapi numbers its components; the embedded documents name them.
  .object({ id: z.coerce.string(), src: z.url().optional(), content: z.string().optional() })
  .refine((s) => Boolean(s.src) !== Boolean(s.content), {
    message: 'a script has either src or content',
  });

export const siteConfigurationSchema = z.object({
  logo: media,
  alternative_logo: media,
  seo: z.object({
    siteName: z.string(),
    metaTitle: z.string(),
    metaDescription: z.string(),
    keywords: z.array(z.string()).default([]),
    metaImage: media.optional(),
  }),
  headScripts: z.array(siteScript).default([]),
  bodyScripts: z.array(siteScript).default([]),
  /**
   * Where live support answers until the support widget is configured. When agents answer is the
   * operator's SUPPORT_HOURS, not an editor's text (the two could say different things).
   */
  support: z
    .object({
      email: z.email(),
      telegram: z.url().optional(),
    })
    .optional(),
});

export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;
export type SiteScript = z.infer<typeof siteScript>;

/** Rich text in Strapi 5's blocks format: the subset the footer's disclaimers use. */
type RichTextNode =
  | { type: 'text'; text: string; bold?: boolean; italic?: boolean }
  | { type: 'link'; url: string; children: RichTextNode[] };
const richTextNode: z.ZodType<RichTextNode> = z.lazy(() =>
  z.union([
    z.object({
      type: z.literal('text'),
      text: z.string(),
      bold: z.boolean().optional(),
      italic: z.boolean().optional(),
    }),
    z.object({
      type: z.literal('link'),
      // An unsafe target keeps its text and loses the link.
      url: linkHref.transform((v) => v ?? ''),
      children: z.array(richTextNode),
    }),
  ]),
);
const paragraphBlock = z.object({ type: z.literal('paragraph'), children: z.array(richTextNode) });
const listBlock = z.object({
  type: z.literal('list'),
  format: z.enum(['ordered', 'unordered']).default('unordered'),
  children: z.array(z.object({ type: z.literal('list-item'), children: z.array(richTextNode) })),
});
/** A heading inside an article: the page's own title is the h1, so levels start at 2. */
const headingBlock = z.object({
  type: z.literal('heading'),
  level: z.coerce
    .number()
    .int()
    .transform((l) => Math.min(Math.max(l, 2), 4) as 2 | 3 | 4),
  children: z.array(richTextNode),
});

/** Only the blocks a view draws are kept; an editor's others (code, images, quotes) are left out. */
const drawnBlocks = <B extends z.ZodType>(kinds: ReadonlySet<string>, block: B) =>
  z.preprocess(
    (blocks) =>
      Array.isArray(blocks)
        ? blocks.filter(
            (b: unknown) =>
              typeof b === 'object' &&
              b !== null &&
              kinds.has(String((b as { type?: unknown }).type)),
          )
        : blocks,
    z.array(block),
  );

/** The footer's disclaimers: paragraphs and lists. */
export const richTextSchema = drawnBlocks(
  new Set(['paragraph', 'list']),
  z.union([paragraphBlock, listBlock]),
);
export type RichText = z.infer<typeof richTextSchema>;

/** Articles (promotions, help, legal pages): headings too. */
export const articleTextSchema = drawnBlocks(
  new Set(['paragraph', 'list', 'heading']),
  z.union([paragraphBlock, listBlock, headingBlock]),
);
export type ArticleText = z.infer<typeof articleTextSchema>;
export type RichTextInline = RichTextNode;

/** Footer (spec §3): link categories and disclaimer blocks. */
export const footerLinkSchema = z.object({
  label: z.string(),
  slug: z.string().optional(),
  href: linkHref,
  isExternal: z.boolean().default(false),
  /** The label is a message key under footer.links, translated by the site. */
  translated: z.boolean().default(false),
  icon: z.string().optional(),
});
export const footerSchema = z.object({
  category: z.array(
    z.object({
      title: z.string(),
      onlyIcons: z.boolean().default(false),
      // A link whose target is not allowed is left out.
      link: z
        .array(footerLinkSchema)
        .transform((links) =>
          links.filter((l): l is typeof l & { href: string } => l.href !== null),
        ),
    }),
  ),
  disclaimer: z.array(
    z.object({
      heading: z.string(),
      subHeading: z.string().optional(),
      text: richTextSchema,
      image: media.optional(),
      tabletImage: media.optional(),
      mobileImage: media.optional(),
    }),
  ),
});
export type Footer = z.infer<typeof footerSchema>;
export type FooterLink = z.infer<typeof footerLinkSchema> & { href: string };

/** Betting card (spec §3): the quick links of the phone's casino drawer. */
export const bettingCardSchema = z.object({
  heading: z.string(),
  description: z.string(),
  image: media,
  icon: media.optional(),
  cta: z.object({ label: z.string(), href: linkHref, isExternal: z.boolean().default(false) }),
  displayInDrawer: z.boolean().default(false),
});
/** A card whose call to action points somewhere not allowed is left out. */
export const bettingCardsSchema = z
  .array(bettingCardSchema)
  .transform((cards) => cards.filter((c): c is BettingCard => c.cta.href !== null));
type ParsedCard = z.infer<typeof bettingCardSchema>;
export type BettingCard = Omit<ParsedCard, 'cta'> & { cta: ParsedCard['cta'] & { href: string } };

/** Where the operator's players follow the casino (the footer's row of links). */
export const socialNetworks = [
  'telegram',
  'x',
  'discord',
  'instagram',
  'youtube',
  'facebook',
] as const;

/**
 * Extra configuration (spec §7): what an operator changes often, per language — what live support
 * says while agents are away (their hours are SUPPORT_HOURS: a `hours` text here is not shown),
 * the social links, and a site-wide announcement (maintenance, a promotion) shown on every page
 * while it is set.
 */
export const extraConfigurationSchema = z.object({
  support: z.object({ offline: z.string().max(400).optional() }).default({}),
  social: z
    .array(z.object({ network: z.enum(socialNetworks), href: linkHref }))
    .default([])
    .transform((links) => links.filter((l): l is typeof l & { href: string } => l.href !== null)),
  announcement: z
    .object({
      message: z.string().min(1).max(300),
      link: linkHref.optional(),
      tone: z.enum(['info', 'warning']).default('info'),
    })
    .optional(),
});
export type ExtraConfiguration = z.infer<typeof extraConfigurationSchema>;

/**
 * Global scripts (spec §7: populate, filter): analytics and tags the operator adds to every page
 * in every language, each for the head or the end of the body. Only enabled ones are asked for;
 * SiteScripts lets through only those the script policy allows.
 */
export const globalScriptsSchema = z
  .array(
    z.object({
      name: z.string().min(1).max(80),
      placement: z.enum(['head', 'body']),
      src: z.string().optional(),
      content: z.string().optional(),
    }),
  )
  .transform((scripts) => {
    const asSiteScripts = (placement: 'head' | 'body') =>
      scripts
        .filter((s) => s.placement === placement)
        .flatMap((s) => {
          const parsed = siteScript.safeParse({
            id: `global-${s.name}`,
            src: s.src,
            content: s.content,
          });
          return parsed.success ? [parsed.data] : [];
        });
    return { head: asSiteScripts('head'), body: asSiteScripts('body') };
  });
export type GlobalScripts = z.infer<typeof globalScriptsSchema>;
