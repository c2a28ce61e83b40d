import { getMessages, getTranslations } from 'next-intl/server';
import type { CSSProperties } from 'react';
import type { Footer, FooterLink as FooterLinkData } from '@/lib/content';
import { isKeyOf } from '@/lib/i18n/message-keys';
import { SpriteIcon, type SpriteIconName } from '@/components/ui/sprite-icon';
import { FooterLink } from './footer-link';
import { FooterSection } from './footer-section';
import styles from './footer.module.css';

type Category = Footer['category'][number];

const socialIcons: readonly SpriteIconName[] = [
  'telegram',
  'x',
  'youtube',
  'instagram',
  'facebook',
];

/** The glyph for a footer link's `icon` name; an unknown name gets a plain link glyph. */
function socialIcon(name?: string): SpriteIconName {
  return socialIcons.find((icon) => icon === name) ?? 'link';
}

/** A category's links split in half: the first half in one column, the rest in the next. */
export function splitInHalf<T>(items: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

async function Links({ category }: { category: Category }) {
  // A `translated` link names its label by a key under footer.links; the content decides which,
  // so the key is checked at run time (an unknown one shows as written).
  const [t, messages] = await Promise.all([getTranslations('footer.links'), getMessages()]);
  const label = (link: FooterLinkData) =>
    link.translated && isKeyOf(messages.footer.links, link.label) ? t(link.label) : link.label;
  if (category.onlyIcons) {
    return (
      <div className={styles.icons}>
        {category.link.map((link) => (
          <FooterLink
            key={link.href}
            href={link.href}
            slug={link.slug}
            isExternal={link.isExternal}
            label={label(link)}
          >
            <SpriteIcon name={socialIcon(link.icon)} />
          </FooterLink>
        ))}
      </div>
    );
  }
  return (
    <div className={styles.columns}>
      {splitInHalf(category.link).map((column, i) => (
        <ul key={i} className={styles.column} data-testid="footer-column">
          {column.map((link) => (
            <li key={link.href}>
              <FooterLink
                href={link.href}
                slug={link.slug}
                isExternal={link.isExternal}
                label={label(link)}
              >
                {label(link)}
              </FooterLink>
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

/** Link columns on desktop; one disclosure (accordion) per category on tablets and phones (spec §2). */
export function FooterCategories({ categories }: { categories: Category[] }) {
  const columns = { '--footer-columns': Math.min(categories.length, 4) } as CSSProperties;
  return (
    <div data-testid="footer-categories" className={styles.categories} style={columns}>
      {categories.map((category) => (
        <FooterSection key={category.title} title={category.title}>
          <Links category={category} />
        </FooterSection>
      ))}
    </div>
  );
}
