'use client';

import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import NextLink from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { useOperatorApi } from './operator-api';
import { roomsFor } from './rooms';
import { useStaff } from './use-staff';

/** Every room's frame: the rooms this staff member may open, who is signed in, sign-out. */
export function BackOfficeFrame({ children }: { children: ReactNode }) {
  const t = useTranslations('backOffice');
  const staff = useStaff();
  const router = useRouter();
  const pathname = usePathname();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const member = staff.data;

  // Only a settled answer sends to sign-in: a cached null being asked again may turn out signed in.
  const signedOut = staff.isSuccess && !staff.isFetching && !member;
  useEffect(() => {
    if (signedOut) router.replace('/operator/sign-in');
  }, [signedOut, router]);

  if (!member) {
    return <CircularProgress aria-label={t('loading')} sx={{ m: 4 }} />;
  }
  const signOut = async () => {
    await api('/operator/session', { method: 'DELETE' }).catch(() => undefined);
    queryClient.clear();
    router.replace('/operator/sign-in');
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="default" elevation={0}>
        {/* Wraps on a phone: the rooms go on a line of their own. */}
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
            {t('title')}
          </Typography>
          <Stack
            component="nav"
            aria-label={t('rooms.label')}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flex: 1, flexWrap: 'wrap' }}
          >
            <Button
              component={NextLink}
              href="/operator"
              aria-current={pathname === '/operator' ? 'page' : undefined}
            >
              {t('rooms.overview')}
            </Button>
            {roomsFor(member.role).map((room) => (
              <Button
                key={room.slug}
                component={NextLink}
                href={`/operator/${room.slug}`}
                aria-current={pathname.startsWith(`/operator/${room.slug}`) ? 'page' : undefined}
              >
                {t(room.label)}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2" data-testid="staff-name">
            {t('signedInAs', { name: member.name, role: t(`roles.${member.role}`) })}
          </Typography>
          <Button variant="outlined" onClick={() => void signOut()}>
            {t('signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        {children}
      </Box>
    </Box>
  );
}
