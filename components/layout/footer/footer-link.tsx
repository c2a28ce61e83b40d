import type { ReactNode } from 'react';
import { contentLink } from '@/lib/content/links';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { ReferralLink } from './referral-link';
import styles from './footer.module.css';

type Props = {
  href: string;
  slug?: string;
  isExternal: boolean;
  label: string;
  children: ReactNode;
};

/**
 * A footer link, drawn on the server: external ones open in a new tab safely; 'Friend referral'
 * (the one link that depends on the player) is a small client island.
 */
export function FooterLink({ href, slug, isExternal, label, children }: Props) {
  // Checked again where it is drawn: only http(s), mailto, tel and site paths become links.
  const link = contentLink(href);
  if (!link) return <span aria-label={label}>{children}</span>;
  if (link.kind !== 'site' || isExternal) {
    return (
      <a
        href={link.href}
        {...(link.kind === 'contact' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
        aria-label={label}
        className={styles.link}
      >
        {children}
      </a>
    );
  }
  if (slug === 'friend-referral') {
    return (
      <ReferralLink href={link.href} label={label} className={styles.link}>
        {children}
      </ReferralLink>
    );
  }
  return (
    <IntlLink href={link.href} aria-label={label} data-slug={slug} className={styles.link}>
      {children}
    </IntlLink>
  );
}
