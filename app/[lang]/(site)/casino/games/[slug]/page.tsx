import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ApiClientError } from '@/lib/api/client';
import { gameQuery } from '@/lib/api/queries/games';
import { getQueryClient } from '@/lib/api/query-client';
import { getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { providerHref } from '@/lib/site/paths';
import { siteMetadata } from '@/lib/seo/metadata';
import { GameStage } from '@/components/games/game-stage';
import { SimilarGames } from '@/components/games/similar-games';
import { Link } from '@/lib/i18n/navigation';
import page from '@/components/page/page.module.css';

/** The aggregator categories the game page names: the demo studio's engines. */
const ENGINES = [
  'studio-video-slot',
  'studio-roulette',
  'studio-baccarat',
  'studio-money-wheel',
  'studio-blackjack',
] as const;

type Props = { params: Promise<{ lang: string; slug: string }> };

async function loadGame(slug: string) {
  try {
    return await getQueryClient().fetchQuery(gameQuery(slug));
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const found = await loadGame(slug).catch(() => null);
  if (!found) return {};
  return siteMetadata(lang, await getSiteConfiguration(lang), `/casino/games/${slug}`, {
    title: found.game.name,
  });
}

/** The game page: the game in its frame (demo without an aggregator), the studio, similar games. */
export default async function GamePage({ params }: Props) {
  await pageLocale(params);
  const { slug } = await params;
  const found = await loadGame(slug);
  if (!found) notFound();
  const t = await getTranslations('games');
  const engineText = await getTranslations('gamePage');
  const { game, similar } = found;
  // The aggregator's kind of game, named in the player's language where we know it.
  const engine = ENGINES.find((name) => name === game.engine);
  return (
    <div data-testid="game-page" data-game={game.slug} className={page.container}>
      <div className={page.heading}>
        <h1 className={page.title}>{game.name}</h1>
        <p className={page.intro}>
          {t('by')}{' '}
          <Link href={providerHref(game.provider.slug)} className={page.textLink}>
            {game.provider.name}
          </Link>{' '}
          · {t('rtp', { value: game.rtpValue })}
        </p>
        {engine && (
          <p className={page.intro}>
            {engineText('engineLine', { engine: engineText(`engines.${engine}`) })}
          </p>
        )}
      </div>
      <GameStage game={game} />
      <SimilarGames games={similar} />
    </div>
  );
}
