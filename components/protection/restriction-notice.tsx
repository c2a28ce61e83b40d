'use client';

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useFormatter, useTranslations } from 'next-intl';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import type { Restriction } from '@/lib/schemas/protection';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';

/**
 * What a restricted session is told everywhere it goes: the break, when it ends, and that the
 * balance can still be withdrawn (money is never stranded). With no break left in force the
 * session is still restricted until the player signs in again.
 */
export function RestrictionNotice({ restriction }: { restriction: Restriction | null }) {
  const t = useTranslations('protection.restricted');
  const format = useFormatter();
  const { hrefFor } = useModal();
  const until = restriction?.until
    ? format.dateTime(new Date(restriction.until), { dateStyle: 'long', timeStyle: 'short' })
    : null;
  return (
    <Alert
      severity="info"
      data-testid="restriction-notice"
      action={
        <Button
          component={IntlLink}
          href={hrefFor('wallet', { tab: 'withdraw' })}
          scroll={false}
          onClick={markModalOpenedInApp}
          color="inherit"
          size="small"
        >
          {t('withdraw')}
        </Button>
      }
    >
      <AlertTitle>{t(`title.${restriction?.kind ?? 'ended'}`)}</AlertTitle>
      {!restriction ? t('endedText') : until ? t('text', { until }) : t('closedText')}
    </Alert>
  );
}

/** The shell's banner for a restricted session (loaded, with its texts, only for one). */
export default function RestrictionBanner({ restriction }: { restriction: Restriction | null }) {
  return (
    <LazyMessages namespaces={['protection']}>
      <RestrictionNotice restriction={restriction} />
    </LazyMessages>
  );
}
