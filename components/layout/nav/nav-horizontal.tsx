'use client';

import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import type { MenuItem as Item } from '@/lib/site/menu';
import { LanguagePicker } from '@/components/language/language-picker';
import { UtcClock } from '../utc-clock';
import { NavIcon } from './nav-icon';
import { useNav } from './use-nav';

function TopItem({ item, nav }: { item: Item; nav: ReturnType<typeof useNav> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = nav.t(item.key);
  const active = nav.isActive(item);
  const common = {
    size: 'small' as const,
    color: active ? ('primary' as const) : ('inherit' as const),
    startIcon: <NavIcon name={item.icon} />,
    'data-testid': `nav-${item.key}`,
    sx: { flexShrink: 0, fontWeight: active ? 700 : 500 },
  };
  if (item.children?.length) {
    return (
      <>
        <Button
          {...common}
          endIcon={<ExpandMoreIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {label}
        </Button>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {[item, ...item.children].map((child) => (
            <MenuItem
              key={child.key}
              component={IntlLink}
              href={child.href ?? '/'}
              onClick={(e) => {
                nav.onItemClick(child)(e);
                setAnchor(null);
              }}
            >
              {nav.t(child.key)}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }
  const linkProps = item.href ? { component: IntlLink, href: item.href } : {};
  return (
    <Button
      {...common}
      {...linkProps}
      onClick={nav.onItemClick(item)}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Button>
  );
}

/** The third layout: the side menu's items as a bar under the header. */
export function NavHorizontal() {
  const nav = useNav();
  return (
    <nav aria-label={nav.t('label')}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{
          px: 2,
          py: 0.75,
          overflowX: 'auto',
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
        data-testid="nav-horizontal"
      >
        {nav.groups.flatMap((group) =>
          group.items.map((item) => <TopItem key={item.key} item={item} nav={nav} />),
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <LanguagePicker testId="menu-language-picker" />
          <UtcClock />
        </Stack>
      </Stack>
    </nav>
  );
}
