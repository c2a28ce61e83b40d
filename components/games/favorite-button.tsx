'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { favoritesQuery, setFavorite } from '@/lib/api/queries/games';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { useNotify } from '@/components/shell/notice-context';
import { SpriteIcon } from '@/components/ui/sprite-icon';

/**
 * The heart on a game card: players toggle a favourite; guests are asked to sign in (spec §6).
 * Until the session is known the heart is a link to the sign-in tab, so it works before the page
 * has hydrated (a cached page arrives long before its scripts on a phone).
 */
export function FavoriteButton({
  gameId,
  name,
  className,
}: {
  gameId: string;
  name: string;
  className?: string;
}) {
  const t = useTranslations('games');
  const te = useTranslations('errors');
  const notify = useNotify();
  const { status } = useSession();
  const { hrefFor } = useModal();
  const queryClient = useQueryClient();
  const signedIn = status === 'authenticated';
  const favorites = useQuery({ ...favoritesQuery(), enabled: signedIn });
  const on = signedIn && Boolean(favorites.data?.data.some((g) => g.id === gameId));
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

  if (!signedIn) {
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
