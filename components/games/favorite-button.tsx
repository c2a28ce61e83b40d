'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { favoritesQuery, setFavorite } from '@/lib/api/queries/games';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { markModalOpenedInApp, useModalHref } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { useNotify } from '@/components/layout/notice-context';
import { SpriteIcon } from '@/components/ui/sprite-icon';

type Props = { gameId: string; name: string; className?: string };

/**
 * The heart on a game card: players toggle a favourite; guests are asked to sign in (spec §6).
 * Until the session is known the heart is a link to the sign-in tab, so it works before the page
 * has hydrated (a cached page arrives long before its scripts on a phone); only players' hearts
 * carry the favourites query, so a guest's lobby of dozens of cards hydrates cheaply.
 */
export function FavoriteButton(props: Props) {
  const { status } = useSession();
  return status === 'authenticated' ? <PlayerHeart {...props} /> : <GuestHeart {...props} />;
}

function GuestHeart({ name, className }: Props) {
  const t = useTranslations('games');
  const hrefFor = useModalHref();
  return (
    <IntlLink
      href={hrefFor('auth', { tab: '1' })}
      scroll={false}
      aria-label={t('addFavorite', { name })}
      data-testid="favorite-toggle"
      className={className}
      onClick={(event) => {
        event.stopPropagation();
        markModalOpenedInApp(event);
      }}
    >
      <SpriteIcon name="favorite-border" size={20} />
    </IntlLink>
  );
}

function PlayerHeart({ gameId, name, className }: Props) {
  const t = useTranslations('games');
  const te = useTranslations('errors');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const favorites = useQuery(favoritesQuery());
  const on = Boolean(favorites.data?.data.some((g) => g.id === gameId));
  // A plain request instead of useMutation: dozens of hearts per lobby, each a mutation observer.
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    setPending(true);
    try {
      await setFavorite(gameId, !on);
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: favoritesQuery().queryKey });
    }
  };

  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t(on ? 'removeFavorite' : 'addFavorite', { name })}
      data-testid="favorite-toggle"
      disabled={pending}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void toggle().catch(() => notify(te('anErrorOccurred'), 'error'));
      }}
    >
      <SpriteIcon name={on ? 'favorite' : 'favorite-border'} size={20} />
    </button>
  );
}
