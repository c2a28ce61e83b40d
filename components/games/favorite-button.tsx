'use client';

import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { favoritesQuery, setFavorite } from '@/lib/api/queries/games';
import { useRouter } from '@/lib/i18n/navigation';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';

/** The heart on a game card: players toggle a favourite; guests are asked to sign in (spec §6). */
export function FavoriteButton({ gameId, name }: { gameId: string; name: string }) {
  const t = useTranslations('games');
  const { status } = useSession();
  const { hrefFor } = useModal();
  const router = useRouter();
  const queryClient = useQueryClient();
  const signedIn = status === 'authenticated';
  const favorites = useQuery({ ...favoritesQuery(), enabled: signedIn });
  const on = signedIn && Boolean(favorites.data?.data.some((g) => g.id === gameId));
  const toggle = useMutation({
    mutationFn: () => setFavorite(gameId, !on),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQuery().queryKey }),
  });

  return (
    <IconButton
      size="small"
      aria-pressed={on}
      aria-label={t(on ? 'removeFavorite' : 'addFavorite', { name })}
      data-testid="favorite-toggle"
      disabled={toggle.isPending}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!signedIn) router.push(hrefFor('auth', { tab: '1' }), { scroll: false });
        else toggle.mutate();
      }}
      sx={{
        bgcolor: 'rgba(0,0,0,.45)',
        color: on ? 'error.main' : 'common.white',
        '&:hover': { bgcolor: 'rgba(0,0,0,.65)' },
      }}
    >
      {on ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
    </IconButton>
  );
}
