import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import type { ComponentProps } from 'react';
import NotificationsDrawer, { openingTab } from '@/components/notifications/notifications-drawer';
import { NoticeItem, noticeDate } from '@/components/notifications/notice-item';
import type { DrawerNotice, NoticeAudience, UnreadCount } from '@/lib/schemas/notifications';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, ...props }: ComponentProps<'a'> & { href: string }) => (
    <a href={href} {...props} />
  ),
}));
jest.mock('@/components/layout/notice-context', () => ({ useNotify: () => () => undefined }));
jest.mock('@/components/notifications/desktop-switch', () => ({ DesktopSwitch: () => null }));

let counts: UnreadCount = { platformCount: 0, personalCount: 0 };
const listed: NoticeAudience[] = [];
jest.mock('@/lib/api/notifications', () => ({
  notificationsApi: {
    unreadCount: async () => counts,
    list: async ({ type }: { type: NoticeAudience }) => {
      listed.push(type);
      return { items: [], nextCursor: null };
    },
  },
}));

const notice = (over: Partial<DrawerNotice> = {}): DrawerNotice => ({
  _id: '0b6f7a52-5d7f-4a4e-9a51-3f1f6f1d2c10',
  category: 'news',
  title: 'Weekly reload',
  message: 'It is waiting for you',
  image: null,
  link: '/promotions',
  releaseTime: new Date(2026, 10, 6, 19, 5).toISOString(),
  isNew: true,
  ...over,
});

function renderDrawer() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" messages={en}>
        <NotificationsDrawer open onClose={() => undefined} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  listed.length = 0;
});

describe('the notifications drawer opens on the tab with unread items', () => {
  it.each([
    [{ platformCount: 0, personalCount: 2 }, 'Personal (2 unread)', 'personal'],
    [{ platformCount: 1, personalCount: 3 }, 'Platform (1 unread)', 'platform'],
    [{ platformCount: 0, personalCount: 0 }, 'Platform (0 unread)', 'platform'],
  ] as const)('%j → %s', async (unread, name, type) => {
    counts = unread;
    renderDrawer();
    const tab = await screen.findByRole('tab', { name });
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(listed).toEqual([type]));
  });

  it('platform first, personal only when it alone has unread items, platform without counts', () => {
    expect(openingTab({ platformCount: 0, personalCount: 1 })).toBe('personal');
    expect(openingTab({ platformCount: 4, personalCount: 1 })).toBe('platform');
    expect(openingTab(undefined)).toBe('platform');
  });
});

describe('a notice', () => {
  const renderItem = (item: DrawerNotice) =>
    render(
      <NextIntlClientProvider locale="en" messages={en}>
        <ul>
          <NoticeItem notice={item} onRead={() => undefined} />
        </ul>
      </NextIntlClientProvider>,
    );

  it('its link is a link named for what it opens, not its address', () => {
    renderItem(notice());
    const link = screen.getByRole('link', { name: 'View details: Weekly reload' });
    expect(link).toHaveAttribute('href', '/promotions');
    expect(link).toHaveTextContent('View details');
    expect(screen.queryByText('/promotions')).toBeNull();
  });

  it('another site opens in a new tab, without an opener', () => {
    renderItem(notice({ link: 'https://partner.example/offer' }));
    const link = within(screen.getByTestId('notice-item')).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://partner.example/offer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('dates in the player’s language: the spec’s pattern in English, each language’s own elsewhere', () => {
    const at = new Date(2026, 10, 6, 19, 5).toISOString();
    expect(noticeDate(at, 'en')).toBe('06/11/2026, 07:05 PM');
    expect(noticeDate(at, 'de')).toBe('06.11.2026 19:05');
    expect(noticeDate(at, 'fr')).toBe('06/11/2026, 19:05');
    expect(noticeDate(at, 'ja')).toBe('2026/11/06 19:05');
    expect(noticeDate(at, 'ru')).toBe('06.11.2026, 19:05');
    expect(noticeDate(at, 'zh')).toBe('2026/11/06 19:05');
  });
});
