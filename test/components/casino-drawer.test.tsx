import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import type { BettingCard } from '@/lib/content/schemas';
import { CasinoDrawer } from '@/components/layout/bottom-bar/casino-drawer';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const card = (heading: string, displayInDrawer: boolean, isExternal = false): BettingCard => ({
  heading,
  description: `${heading} games`,
  image: { url: `/cards/${heading}.svg`, alt: '' },
  cta: {
    label: `Open ${heading}`,
    href: isExternal ? 'https://partner.example' : `/${heading}`,
    isExternal,
  },
  displayInDrawer,
});

const renderDrawer = (cards: BettingCard[] | null) =>
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <CasinoDrawer open onClose={() => {}} cards={cards} />
    </NextIntlClientProvider>,
  );

describe('casino drawer', () => {
  it('shows only the cards marked displayInDrawer, external ones opening safely', () => {
    renderDrawer([card('casino', true), card('sports', false), card('partner', true, true)]);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/casino',
      'https://partner.example',
    ]);
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText('sports')).toBeNull();
  });

  it("says 'Failed to fetch betting cards' when the content service failed", () => {
    renderDrawer(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch betting cards');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
