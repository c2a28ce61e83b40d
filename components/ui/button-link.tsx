'use client';

import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as IntlLink } from '@/lib/i18n/navigation';

type Props = Omit<ButtonProps<typeof IntlLink>, 'component'>;

/** A button that navigates inside the site; usable from server components (the link is a client leaf). */
export function ButtonLink(props: Props) {
  return <Button component={IntlLink} {...props} />;
}
