'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { Game } from '@/lib/schemas/games';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { gameHref } from '@/lib/navigation/paths';
import { FavoriteButton } from './favorite-button';

/**
 * A game card (spec §3 Game): artwork at a fixed 3:4 ratio (sized and lazy, so nothing shifts), the
 * name, RTP on hover or focus, the BTC figure in the footer, and the favourite heart.
 */
export function GameCard({ game, eager = false }: { game: Game; eager?: boolean }) {
  const t = useTranslations('games');
  return (
    <Box
      component="article"
      data-testid="game-card"
      data-game={game.slug}
      sx={{
        position: 'relative',
        minWidth: 0,
        '&:hover .rtp, &:focus-within .rtp': { opacity: 1 },
      }}
    >
      <Box
        component={IntlLink}
        href={gameHref(game.slug)}
        sx={{
          display: 'block',
          color: 'inherit',
          textDecoration: 'none',
          borderRadius: 2,
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        <Box
          component="img"
          src={game.icon}
          alt=""
          width={300}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: '3 / 4',
            bgcolor: 'action.hover',
          }}
        />
        <Box
          className="rtp"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(0,0,0,.55)',
            color: 'common.white',
            opacity: 0,
            transition: 'opacity .15s',
            fontWeight: 700,
          }}
        >
          {t('rtp', { value: game.rtpValue })}
        </Box>
        <Typography variant="body2" noWrap sx={{ mt: 0.75, fontWeight: 600 }} title={game.name}>
          {game.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {t('btc', { value: game.btcValue })} · {game.provider.name}
        </Typography>
        <Box
          component="span"
          sx={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          }}
        >
          {t('rtp', { value: game.rtpValue })}
        </Box>
      </Box>
      <Box sx={{ position: 'absolute', top: 6, insetInlineEnd: 6 }}>
        <FavoriteButton gameId={game.id} name={game.name} />
      </Box>
    </Box>
  );
}
