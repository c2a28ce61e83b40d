import type { ComponentProps } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import buttons from './shell-button.module.css';

const variants = {
  header: buttons.header,
  headerSecondary: buttons.secondary,
  headerTerciary: buttons.tertiary,
} as const;

type Props = ComponentProps<typeof IntlLink> & {
  variant: keyof typeof variants;
  size?: 'small' | 'medium';
};

/**
 * A link that looks like one of the header buttons (spec §9): a plain anchor with cached CSS, so
 * server components use it without shipping MUI's Button, and it works before hydration.
 */
export function ButtonLink({ variant, size = 'medium', className, ...props }: Props) {
  const classes = [variants[variant], size === 'small' && buttons.small, className];
  return <IntlLink className={classes.filter(Boolean).join(' ')} {...props} />;
}
