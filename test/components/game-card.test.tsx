import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ComponentProps } from 'react';
import { GameCard } from '@/components/games/game-card';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

/** A game card's BTC figure (spec §3 btcValue, the footer text) says what it is (issue 32). */
jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, className }: ComponentProps<'a'> & { prefetch?: boolean }) => (
    <a href={String(href)} className={className}>
      {children}
    </a>
  ),
}));
jest.mock('@/components/games/favorite-button', () => ({ FavoriteButton: () => null }));

const game = {
  id: 'g1',
  slug: 'golden-dragon',
  name: 'Golden Dragon',
  icon: '/games/golden-dragon.svg',
  rtpValue: '96.50%',
  btcValue: '0.01234567',
  provider: { name: 'Aurora Gaming' },
};

it.each([
  ['en', en, 'Max win 0.01234567 BTC · Aurora Gaming'],
  ['de', de, 'Max. Gewinn 0.01234567 BTC · Aurora Gaming'],
] as const)('labels the BTC figure as the maximum win (%s)', (locale, messages, footer) => {
  render(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <GameCard game={game} />
    </NextIntlClientProvider>,
  );
  expect(screen.getByText(footer)).toBeInTheDocument();
});
