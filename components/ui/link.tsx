'use client';

import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { forwardRef, type ComponentProps } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';

type Props = Omit<MuiLinkProps, 'href'> & Pick<ComponentProps<typeof IntlLink>, 'href' | 'locale'>;

/** MUI's Link rendered through next-intl's Link, so every internal link keeps the language prefix. */
export const Link = forwardRef<HTMLAnchorElement, Props>(function Link(props, ref) {
  return <MuiLink ref={ref} component={IntlLink} {...props} />;
});
