import { z } from 'zod';

const media = z.object({
  url: z.string(),
  alt: z.string().default(''),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});

/** A script an operator adds to every page (analytics, chat): an external src or inline code. */
const siteScript = z
  .object({ id: z.string(), src: z.url().optional(), content: z.string().optional() })
  .refine((s) => Boolean(s.src) !== Boolean(s.content), { message: 'a script has either src or content' });

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
});

export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;
export type SiteScript = z.infer<typeof siteScript>;
