'use client';

import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { NoticePopups } from '@/components/notifications/notice-popups';
import { unreadCountQuery } from '@/lib/api/queries/notifications';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';
import type {
  SessionBalance,
  SessionProfile,
  SessionWallet,
} from '@/components/session/session-context';
import { UserMenu } from '../account/user-menu';
import { BalanceButton } from './balance-button';

export type PlayerSlotsProps = {
  profile: SessionProfile;
  balance: SessionBalance | null;
  wallet: SessionWallet | null;
  onLogout: () => void;
  /** Claimable bonuses; the bonus work supplies them. */
  bonusCount?: number;
};

// The drawer, its list and its texts load the first time the bell is pressed.
const NotificationsDrawer = dynamic(
  () => import('@/components/notifications/notifications-drawer'),
  { ssr: false },
);

/** A signed-in player's header: balance, wallet, bonus, bell, menu (loaded once someone signs in). */
export default function PlayerSlots({
  profile,
  balance,
  wallet,
  onLogout,
  bonusCount = 0,
}: PlayerSlotsProps) {
  const t = useTranslations('header');
  const { hrefFor } = useModal();
  const counts = useQuery(unreadCountQuery());
  const unreadCount = (counts.data?.personalCount ?? 0) + (counts.data?.platformCount ?? 0);
  const [drawer, setDrawer] = useState<'never' | 'open' | 'closed'>('never');
  const onOpenNotifications = () => setDrawer('open');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="account-slots">
      <BalanceButton balance={balance} wallet={wallet} />
      <Button
        variant="header"
        component={IntlLink}
        href={hrefFor('wallet', { tab: 'deposit' })}
        scroll={false}
        onClick={markModalOpenedInApp}
        aria-label={t('wallet')}
        data-testid="wallet-button"
        sx={{ minWidth: 40, px: { xs: 1, sm: 2 } }}
      >
        <AccountBalanceWalletIcon fontSize="small" />
      </Button>
      <IconButton
        component={IntlLink}
        href="/bonus"
        aria-label={t('bonuses', { count: bonusCount })}
        data-testid="bonus-chest"
      >
        <Badge badgeContent={bonusCount} color="error">
          <CardGiftcardIcon />
        </Badge>
      </IconButton>
      {/* On small screens the user menu carries the notifications entry instead. */}
      <IconButton
        aria-label={t('notifications', { count: unreadCount })}
        onClick={onOpenNotifications}
        data-testid="notification-bell"
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        <Badge variant="dot" invisible={unreadCount === 0} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <UserMenu profile={profile} onLogout={onLogout} onOpenNotifications={onOpenNotifications} />
      {drawer !== 'never' && (
        <NotificationsDrawer open={drawer === 'open'} onClose={() => setDrawer('closed')} />
      )}
      <NoticePopups />
    </Stack>
  );
}
