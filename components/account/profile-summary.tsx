'use client';

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { profileQuery } from '@/lib/api/queries/player';

/** My account: who the player is on this site (the Profile call, spec §3). */
export function ProfileSummary() {
  const t = useTranslations('myAccount');
  const profile = useQuery(profileQuery());
  const format = useFormatter();
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const p = profile.data;
  const rows: [string, string | null | undefined][] = p
    ? [
        [t('memberId'), p.memberId],
        [t('username'), p.memberUsername],
        [t('email'), p.email],
        [t('phone'), p.phone],
        [t('loginType'), p.loginType],
        [t('vipLevel'), String(p.levelInfo.vipLevel)],
        [t('levelProgress'), t('percent', { value: p.levelInfo.percentageToNextLevel })],
        [t('createdAt'), when(p.createdAt)],
        [t('lastSignIn'), p.lastSignInAt ? when(p.lastSignInAt) : null],
      ]
    : [];
  return (
    <Card data-testid="profile-summary">
      <CardContent>
        {!p ? (
          <Skeleton height={120} />
        ) : (
          <dl
            style={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              gap: '8px 24px',
              margin: 0,
            }}
          >
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} style={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0 }}
                    data-testid={`profile-${label}`}
                  >
                    {value}
                  </Typography>
                </div>
              ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
