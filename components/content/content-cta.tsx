import { contentLink } from '@/lib/content/links';
import { ButtonLink } from '@/components/ui/button-link';
import buttons from '@/components/ui/shell-button.module.css';

type Cta = { label: string; href: string; isExternal: boolean };

/**
 * An editor's call to action as a button-styled link: a site path through the language-aware
 * Link, another site in a new tab without an opener; anything else was dropped by the schema.
 */
export function ContentCta({ cta, variant }: { cta: Cta; variant: 'header' | 'headerSecondary' }) {
  const link = contentLink(cta.href);
  if (!link) return null;
  if (link.kind === 'site' && !cta.isExternal) {
    return (
      <ButtonLink href={link.href} variant={variant}>
        {cta.label}
      </ButtonLink>
    );
  }
  return (
    <a
      href={link.href}
      className={variant === 'header' ? buttons.header : buttons.secondary}
      {...(link.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {cta.label}
    </a>
  );
}
