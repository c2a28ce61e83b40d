'use client';

import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
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
  /** Unread notifications and claimable bonuses; the notification and bonus work supply them. */
  unreadCount?: number;
  bonusCount?: number;
  onOpenNotifications?: () => void;
};

/** A signed-in player's header: balance, wallet, bonus, bell, menu (loaded once someone signs in). */
export default function PlayerSlots({
  profile,
  balance,
  wallet,
  onLogout,
  unreadCount = 0,
  bonusCount = 0,
  onOpenNotifications,
}: PlayerSlotsProps) {
  const t = useTranslations('header');
  const { hrefFor } = useModal();
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
      {/* The bell shows once the notifications work supplies its drawer. */}
      {onOpenNotifications && (
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
      )}
      <UserMenu profile={profile} onLogout={onLogout} onOpenNotifications={onOpenNotifications} />
    </Stack>
  );
}
