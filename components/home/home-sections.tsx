import type { HomeSection, Promotion } from '@/lib/content';
import { lobbyRowParams } from '@/lib/api/queries/games';
import { GameRow } from '@/components/games/game-row';
import { PromotionsStrip } from './promotions-strip';
import { SportsHighlights } from './sports-highlights';

/**
 * The editor's sections in the editor's order. Game rows sit below the hero, so they load in the
 * browser: the catalog's cards and their data would otherwise weigh more in the HTML than the rest
 * of the page's content together.
 */
export function HomeSections({
  sections,
  promotions,
}: {
  sections: HomeSection[];
  promotions: Promotion[];
}) {
  return sections.map((section) => {
    switch (section.__component) {
      case 'home.game-row':
        return (
          <GameRow
            key={section.id}
            title={section.title}
            href={`/${section.section}?tab=${section.category}`}
            params={lobbyRowParams(section.section, section.category)}
          />
        );
      case 'home.promotions-strip':
        return <PromotionsStrip key={section.id} title={section.title} promotions={promotions} />;
      case 'home.sports-highlights':
        return <SportsHighlights key={section.id} section={section} />;
    }
  });
}
