import { useTranslations } from 'next-intl';
import type { GameCardData } from '@/lib/schemas/game-card';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { gameHref } from '@/lib/site/paths';
import { FavoriteButton } from './favorite-button';
import styles from './game-card.module.css';
import { Artwork } from '@/components/ui/artwork';

type Props = {
  game: GameCardData;
  /** On the first screen: loaded at once instead of lazily. */
  eager?: boolean;
  /** The largest paint of the page: fetched before other images. */
  priority?: boolean;
};

/**
 * A game card (spec §3 Game): artwork at a fixed 3:4 ratio (sized and lazy, so nothing shifts), the
 * name, RTP on hover or focus, the maximum win in BTC in the footer (labelled: a bare figure says
 * nothing), and the favourite heart. Plain markup
 * with a CSS module; only the heart is interactive code.
 */
export function GameCard({ game, eager = false, priority = false }: Props) {
  const t = useTranslations('games');
  const rtp = t('rtp', { value: game.rtpValue });
  return (
    <article data-testid="game-card" data-game={game.slug} className={styles.card}>
      {/* No prefetch: a lobby shows dozens of cards, a game page loads when one is opened. */}
      <IntlLink href={gameHref(game.slug)} prefetch={false} className={styles.link}>
        <Artwork
          src={game.icon}
          width={300}
          height={400}
          loading={eager ? undefined : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className={styles.art}
        />
        <span className={styles.name} title={game.name}>
          {game.name}
        </span>
        <span className={styles.meta}>
          {t('btc', { value: game.btcValue })} · {game.provider.name}
        </span>
        {/* Over the artwork on hover or focus; last in the markup, so the link's name starts with the game's. */}
        <span className={styles.rtp}>{rtp}</span>
      </IntlLink>
      <FavoriteButton gameId={game.id} name={game.name} className={styles.favorite} />
    </article>
  );
}
