import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Footer, FooterLink as FooterLinkData } from '@/lib/content';
import { FooterLink } from './footer-link';
import { FooterSection } from './footer-section';
import { SocialIcon } from './social-icon';

type Category = Footer['category'][number];

/** A category's links split in half: the first half in one column, the rest in the next. */
export function splitInHalf<T>(items: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

async function Links({ category }: { category: Category }) {
  const t = await getTranslations('footer.links');
  const label = (link: FooterLinkData) =>
    link.translated && t.has(link.label) ? t(link.label) : link.label;
  if (category.onlyIcons) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        {category.link.map((link) => (
          <FooterLink
            key={link.href}
            href={link.href}
            slug={link.slug}
            isExternal={link.isExternal}
            label={label(link)}
          >
            <SocialIcon name={link.icon} />
          </FooterLink>
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2 }}>
      {splitInHalf(category.link).map((column, i) => (
        <Stack
          key={i}
          component="ul"
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          data-testid="footer-column"
        >
          {column.map((link) => (
            <li key={link.href}>
              <FooterLink
                href={link.href}
                slug={link.slug}
                isExternal={link.isExternal}
                label={label(link)}
              >
                <Typography variant="body2" component="span">
                  {label(link)}
                </Typography>
              </FooterLink>
            </li>
          ))}
        </Stack>
      ))}
    </Box>
  );
}

/** Link columns on desktop; one accordion per category on tablets and phones (spec §2). */
export function FooterCategories({ categories }: { categories: Category[] }) {
  return (
    <Box
      data-testid="footer-categories"
      sx={{
        display: { md: 'grid' },
        gridTemplateColumns: { md: `repeat(${Math.min(categories.length, 4)}, 1fr)` },
        gap: { md: 4 },
      }}
    >
      {categories.map((category) => (
        <FooterSection key={category.title} title={category.title}>
          <Links category={category} />
        </FooterSection>
      ))}
    </Box>
  );
}
