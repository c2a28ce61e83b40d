'use client';

import type { ReactNode } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { authTabs } from '@/lib/site/modals';
import { markModalOpenedInApp, useModalHref } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';

/** 'Friend referral': the referral page for players, the sign-up tab for guests. */
export function ReferralLink({
  href,
  label,
  className,
  children,
}: {
  href: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { status } = useSession();
  const hrefFor = useModalHref();
  const guest = status !== 'authenticated';
  return (
    <IntlLink
      href={guest ? hrefFor('auth', { tab: authTabs.signUp }) : href}
      scroll={guest ? false : undefined}
      onClick={guest ? markModalOpenedInApp : undefined}
      aria-label={label}
      data-slug="friend-referral"
      className={className}
    >
      {children}
    </IntlLink>
  );
}
