'use client';

import dynamic from 'next/dynamic';
import { useSession } from '@/components/session/session-context';
import { AuthButtons } from './auth-buttons';
import type { PlayerSlotsProps } from './player-slots';

// Guests never download the player's menus, tooltips and badges.
const PlayerSlots = dynamic(() => import('./player-slots'), { ssr: false });

type Props = Omit<PlayerSlotsProps, 'profile' | 'balance' | 'wallet' | 'onLogout'>;

/** The header's player side: sign in / sign up for guests; balance, wallet, bonus, bell, menu for players. */
export function AccountSlots(props: Props) {
  const session = useSession();
  if (session.status === 'loading') return null;
  if (session.status === 'unauthenticated' || !session.profile) return <AuthButtons />;
  return (
    <PlayerSlots
      {...props}
      profile={session.profile}
      balance={session.balance}
      wallet={session.wallet ?? null}
      onLogout={session.logout}
    />
  );
}
