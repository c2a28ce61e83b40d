'use client';

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { accountHref, accountPages } from '@/lib/site/paths';
import type { SessionProfile } from '@/components/session/session-context';
import { useShell } from '@/components/layout/shell-context';
import { useSupportUnread } from '@/components/support/use-support-unread';
import { LevelAvatar } from './level-avatar';
import { useCopy } from './use-copy';

type Props = {
  profile: SessionProfile;
  onLogout: () => void;
  onOpenNotifications?: () => void;
};

/** Avatar with level ring; its menu holds the id, the account pages, live support and sign out. */
export function UserMenu({ profile, onLogout, onOpenNotifications }: Props) {
  const t = useTranslations('userMenu');
  const tNav = useTranslations('account');
  const { setSupportOpen } = useShell();
  const tSupport = useTranslations('support');
  const unread = useSupportUnread();
  const { copied, copy } = useCopy();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const percent = profile.levelInfo.percentageToNextLevel;
  const ringLabel = t('levelProgress', {
    level: profile.levelInfo.vipLevel,
    percent: Math.round(percent),
  });
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        aria-label={t('open', { name: profile.memberUsername })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="user-menu-button"
        sx={{ borderRadius: '50%' }}
      >
        <LevelAvatar
          name={profile.memberUsername}
          src={profile.avatar}
          percent={percent}
          label={ringLabel}
        />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { width: 260 } }, list: { 'aria-label': t('label') } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ px: 2, py: 1.5, alignItems: 'center' }}>
          <LevelAvatar
            name={profile.memberUsername}
            src={profile.avatar}
            percent={percent}
            size={44}
            label={ringLabel}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap data-testid="user-menu-name">
              {profile.memberUsername}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {t('id', { id: profile.memberId })}
            </Typography>
          </Box>
        </Stack>
        <MenuItem onClick={() => copy(profile.memberId)} data-testid="copy-user-id">
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          {t('copyId')}
          <Typography
            variant="caption"
            color="success.main"
            role="status"
            sx={{ ml: 'auto', pl: 1 }}
            data-testid={copied ? 'copied' : undefined}
          >
            {copied ? t('copied') : ''}
          </Typography>
        </MenuItem>
        <Divider />
        {onOpenNotifications && (
          <MenuItem
            onClick={() => {
              close();
              onOpenNotifications();
            }}
            sx={{ display: { xs: 'flex', sm: 'none' } }}
            data-testid="user-menu-notifications"
          >
            <ListItemIcon>
              <NotificationsIcon fontSize="small" />
            </ListItemIcon>
            {t('notifications')}
          </MenuItem>
        )}
        {accountPages.map((page) => (
          <MenuItem key={page.key} component={IntlLink} href={accountHref(page)} onClick={close}>
            {tNav(`pages.${page.key}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setSupportOpen(true);
          }}
        >
          <ListItemIcon>
            <SupportAgentIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('liveSupport')}</ListItemText>
          {unread > 0 && (
            <Badge
              badgeContent={unread}
              color="error"
              max={99}
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
              slotProps={{ badge: { 'aria-label': tSupport('unread', { count: unread }) } }}
              data-testid="support-unread"
            />
          )}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
          data-testid="sign-out"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
