'use client';

import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import type { MenuItem } from '@/lib/navigation/menu';
import { NavIcon } from './nav-icon';
import { useNav } from './use-nav';

function NavRow({
  item,
  depth,
  nav,
}: {
  item: MenuItem;
  depth: number;
  nav: ReturnType<typeof useNav>;
}) {
  const active = nav.isActive(item);
  // The active item's group is open until the player folds it.
  const [toggled, setOpen] = useState<boolean | null>(null);
  const open = toggled ?? (active && Boolean(item.children));
  const label = nav.t(item.key);
  const linkProps = item.href
    ? { component: IntlLink, href: item.href }
    : { component: 'button' as const };
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <ListItemButton
          {...linkProps}
          selected={active}
          aria-current={active && !item.children ? 'page' : undefined}
          onClick={nav.onItemClick(item)}
          data-testid={`nav-${item.key}`}
          sx={{
            borderRadius: 1,
            minHeight: 40,
            pl: 1.5 + depth * 2,
            width: '100%',
            textAlign: 'start',
          }}
        >
          {item.icon && (
            <ListItemIcon sx={{ minWidth: 36 }}>
              <NavIcon name={item.icon} />
            </ListItemIcon>
          )}
          <ListItemText
            primary={label}
            slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 700 : 500 } } }}
          />
        </ListItemButton>
        {item.children && item.children.length > 0 && (
          <IconButton
            size="small"
            aria-label={nav.t(open ? 'collapse' : 'expand', { item: label })}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        )}
      </Stack>
      {item.children && (
        <Collapse in={open} unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <NavRow key={child.key} item={child} depth={depth + 1} nav={nav} />
            ))}
          </List>
        </Collapse>
      )}
    </Box>
  );
}

/** The full side menu: the betting, general and info groups with their sub-items. */
export function NavVertical() {
  const nav = useNav();
  return (
    <nav aria-label={nav.t('label')}>
      {nav.groups.map((group) => (
        <Box key={group.key} sx={{ px: 1.5, pb: 1 }}>
          <Typography
            component="h2"
            id={`nav-group-${group.key}`}
            sx={{
              px: 2,
              lineHeight: '32px',
              fontSize: 11,
              textTransform: 'uppercase',
              letterSpacing: 1,
              fontWeight: 700,
              color: 'text.secondary',
            }}
          >
            {nav.t(`group.${group.key}`)}
          </Typography>
          <List dense disablePadding aria-labelledby={`nav-group-${group.key}`}>
            {group.items.map((item) => (
              <NavRow key={item.key} item={item} depth={0} nav={nav} />
            ))}
          </List>
        </Box>
      ))}
    </nav>
  );
}
