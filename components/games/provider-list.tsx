'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { providersQuery } from '@/lib/api/queries/games';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { providerHref } from '@/lib/navigation/paths';

/** The studios: a row in the lobby, a grid on the providers tab; each opens its provider page. */
export function ProviderList({
  section,
  row = false,
}: {
  section?: 'casino' | 'slots';
  row?: boolean;
}) {
  const t = useTranslations('games');
  const { data } = useQuery(providersQuery(section));
  return (
    <Box
      component="ul"
      data-testid="provider-list"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        ...(row
          ? {
              gridAutoFlow: 'column',
              gridAutoColumns: { xs: '45%', sm: '200px' },
              overflowX: 'auto',
              pb: 1,
            }
          : {
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(3, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
            }),
      }}
    >
      {data?.map((p) => (
        <li key={p._id}>
          <Box
            component={IntlLink}
            href={providerHref(p.slug)}
            data-testid="provider-link"
            sx={{
              display: 'block',
              textDecoration: 'none',
              color: 'inherit',
              borderRadius: 2,
              bgcolor: 'background.paper',
              p: 1,
            }}
          >
            <Box
              component="img"
              src={p.logo}
              alt=""
              width={200}
              height={60}
              loading="lazy"
              sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 1.5 }}
            />
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
              {p.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('gamesCount', { count: p.gamesCount })}
            </Typography>
          </Box>
        </li>
      ))}
    </Box>
  );
}
