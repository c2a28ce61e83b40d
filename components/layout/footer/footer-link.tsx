'use client';

import MuiLink from '@mui/material/Link';
import type { ReactNode } from 'react';
import { contentLink } from '@/lib/content/links';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { authTabs } from '@/lib/navigation/modals';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';

type Props = {
  href: string;
  slug?: string;
  isExternal: boolean;
  label: string;
  children: ReactNode;
};

/** A footer link: external ones open in a new tab safely; 'Friend referral' sends a guest to sign up. */
export function FooterLink({ href, slug, isExternal, label, children }: Props) {
  const { status } = useSession();
  const { hrefFor } = useModal();
  const sx = {
    color: 'text.secondary',
    '&:hover': { color: 'text.primary' },
    display: 'inline-flex',
    alignItems: 'center',
    gap: 1,
  };
  // Checked again where it is drawn: only http(s), mailto, tel and site paths become links.
  const link = contentLink(href);
  if (!link) return <span aria-label={label}>{children}</span>;
  if (link.kind !== 'site' || isExternal) {
    return (
      <MuiLink
        href={link.href}
        {...(link.kind === 'contact' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
        underline="hover"
        aria-label={label}
        sx={sx}
      >
        {children}
      </MuiLink>
    );
  }
  const guestReferral = slug === 'friend-referral' && status !== 'authenticated';
  return (
    <MuiLink
      component={IntlLink}
      href={guestReferral ? hrefFor('auth', { tab: authTabs.signUp }) : link.href}
      scroll={guestReferral ? false : undefined}
      onClick={guestReferral ? markModalOpenedInApp : undefined}
      underline="hover"
      aria-label={label}
      data-slug={slug}
      sx={sx}
    >
      {children}
    </MuiLink>
  );
}
