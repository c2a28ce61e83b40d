'use client';

import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { NavIcon } from './nav-icon';
import { useNav } from './use-nav';

/** The 88 px side menu: one icon and a short label per top-level item. */
export function NavMini() {
  const nav = useNav();
  return (
    <nav aria-label={nav.t('label')}>
      <Stack spacing={0.5} sx={{ px: 1, py: 1 }}>
        {nav.groups.flatMap((group) =>
          group.items.map((item) => {
            const active = nav.isActive(item);
            const label = nav.t(item.key);
            const linkProps = item.href
              ? { component: IntlLink, href: item.href }
              : { component: 'button' as const };
            return (
              <Tooltip key={item.key} title={label} placement="right">
                <ButtonBase
                  {...linkProps}
                  onClick={nav.onItemClick(item)}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`nav-${item.key}`}
                  sx={{
                    flexDirection: 'column',
                    gap: 0.5,
                    py: 1,
                    borderRadius: 1,
                    color: active ? 'primary.main' : 'text.secondary',
                    bgcolor: active ? 'action.selected' : 'transparent',
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <NavIcon name={item.icon} />
                  <Typography
                    component="span"
                    sx={{
                      fontSize: 10,
                      lineHeight: 1.2,
                      fontWeight: 600,
                      textAlign: 'center',
                      px: 0.5,
                      wordBreak: 'break-word',
                    }}
                  >
                    {label}
                  </Typography>
                </ButtonBase>
              </Tooltip>
            );
          }),
        )}
      </Stack>
    </nav>
  );
}
