'use client';

import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '@/lib/api/queries/player';
import { ProfileSummary } from '@/components/account/profile-summary';
import { AvatarCard } from './avatar-card';
import { ContactCard } from './contact-card';
import { UsernameCard } from './username-card';

/** My account: who the player is here, and what they can change about it. */
export function MyAccountView() {
  const profile = useQuery(profileQuery());
  const p = profile.data;
  return (
    <Stack spacing={3}>
      <ProfileSummary />
      {p && !p.restrictedSession && (
        <>
          <AvatarCard avatar={p.avatar} name={p.memberUsername} />
          <UsernameCard username={p.memberUsername} />
          <ContactCard profile={p} />
        </>
      )}
    </Stack>
  );
}
