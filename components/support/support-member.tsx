'use client';

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { supportProfileQuery } from '@/lib/api/queries/player';

/**
 * What live support needs to find the player at once (the Support widget data call): shown to the
 * player so they can quote it. Signed-in players only; forgotten on sign-out with the other player data.
 */
export function SupportMember() {
  const t = useTranslations('support');
  const { data } = useQuery(supportProfileQuery());
  if (!data) return null;
  const m = data.memberInfo;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="support-member">
      <Typography variant="subtitle2">{t('yourDetails')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('memberLine', { id: m.memberId, name: m.memberUsername, level: m.vipLevel })}
      </Typography>
    </Paper>
  );
}
