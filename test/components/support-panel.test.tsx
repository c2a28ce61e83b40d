import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { ShellProvider } from '@/components/layout/shell-context';
import { SessionProvider } from '@/components/session/session-context';
import { SupportDrawer } from '@/components/support/support-drawer';
import type { ExtraConfiguration } from '@/lib/content/schemas';
import { supportHoursAt } from '@/lib/site/support-hours';
import en from '@/messages/en.json';

/**
 * Live support's hours (issue 32): they come from SUPPORT_HOURS, and the panel never says "around
 * the clock" and "agents are away" at once — the away text shows only outside the hours.
 */
jest.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/casino',
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
jest.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams() }));

const extra: ExtraConfiguration = {
  support: { offline: 'Our agents are away. Write to us.' },
  social: [],
};

/** A daily UTC window `hours` hours after now, `length` hours long. */
function windowFromNow(hours: number, length: number): string {
  const at = new Date().getUTCHours();
  const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  return `${hh(at + hours)}-${hh(at + hours + length)}`;
}

function renderPanel(supportHours: string | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" messages={en}>
        <SessionProvider>
          <ShellProvider supportHours={supportHours}>
            <SupportDrawer open support={{ email: 'support@nova.casino' }} extra={extra} />
          </ShellProvider>
        </SessionProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe('the support panel’s hours', () => {
  it('without SUPPORT_HOURS: around the clock, and never “away”', () => {
    renderPanel(null);
    expect(screen.getByTestId('support-hours')).toHaveTextContent(
      'Agents answer live chat around the clock, every day.',
    );
    expect(screen.queryByTestId('support-away')).toBeNull();
    expect(screen.queryByText('Our agents are away. Write to us.')).toBeNull();
  });

  it('inside the window: the window, not “away”', () => {
    const hours = windowFromNow(-1, 3);
    expect(supportHoursAt(hours).online).toBe(true);
    renderPanel(hours);
    const [from, to] = hours.split('-');
    expect(screen.getByTestId('support-hours')).toHaveTextContent(
      `Agents answer live chat every day from ${from} to ${to} (UTC).`,
    );
    expect(screen.queryByTestId('support-away')).toBeNull();
  });

  it('outside the window: the window and the editor’s away text', () => {
    const hours = windowFromNow(2, 2);
    expect(supportHoursAt(hours).online).toBe(false);
    renderPanel(hours);
    expect(screen.getByTestId('support-hours')).not.toHaveTextContent('around the clock');
    expect(screen.getByTestId('support-away')).toHaveTextContent(
      'Our agents are away. Write to us.',
    );
  });

  it('the intro promises no hours of its own', () => {
    renderPanel(null);
    expect(screen.queryByText(/day and night/)).toBeNull();
  });
});

describe('support hours', () => {
  it('online inside a window that crosses midnight, the next opening outside it', () => {
    const at = (iso: string) => new Date(iso);
    expect(supportHoursAt('22:00-06:00', at('2026-11-26T23:30:00Z'))).toEqual({
      online: true,
      opensAt: null,
    });
    expect(supportHoursAt('22:00-06:00', at('2026-11-26T12:00:00Z'))).toEqual({
      online: false,
      opensAt: '2026-11-26T22:00:00.000Z',
    });
    expect(supportHoursAt(undefined)).toEqual({ online: true, opensAt: null });
  });
});
