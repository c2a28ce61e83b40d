import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import AuthDialog from '@/components/modals/auth-dialog';
import { RequireAuth } from '@/components/session/require-auth';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: jest.requireActual<typeof import('../stubs/plain-link')>('../stubs/plain-link').PlainLink,
  usePathname: () => '/account-management/my-account',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
}));
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams('modal=authRequired'),
}));
// The sign-in methods stay loading: the form alone is enough to hold focus.
jest.mock('@/lib/api/auth', () => ({ authApi: { providers: () => new Promise(() => {}) } }));

/** What a browser lets take focus (by keyboard or script), unless it sits in an inert subtree. */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Every focusable element inside aria-hidden content that inert does not take out of reach. */
function focusableWhileHidden(): string[] {
  return [...document.querySelectorAll('[aria-hidden="true"]')].flatMap((hidden) =>
    [hidden, ...hidden.querySelectorAll(FOCUSABLE)]
      .filter((element) => element.matches(FOCUSABLE) && !element.closest('[inert]'))
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim()}"`),
  );
}

/** A signed-out visitor on an account page: the shell, the page's guest content, the prompt. */
function renderAccountPage() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" messages={en}>
        <a href="#main-content">Skip to content</a>
        <header>
          <Link href="/">Home</Link>
          <button type="button">Menu</button>
        </header>
        <main id="main-content">
          <nav aria-label="Account">
            <Link href="/account-management/security">Security</Link>
          </nav>
          <RequireAuth modal="authRequired">
            <p>The account</p>
          </RequireAuth>
        </main>
        <AuthDialog name="authRequired" />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe('the account pages’ sign-in prompt', () => {
  it('leaves nothing focusable inside the aria-hidden page behind it', async () => {
    const { unmount } = renderAccountPage();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(en.auth.requiredNote);
    // MUI hides the page from assistive technology; the page's own links and buttons are there.
    const page = screen.getByRole('main', { hidden: true }).closest('[aria-hidden="true"]');
    expect(page).not.toBeNull();
    expect(page!.querySelectorAll('a[href], button').length).toBeGreaterThan(3);
    await waitFor(() => expect(focusableWhileHidden()).toEqual([]));
    // The dialog itself stays reachable.
    expect(dialog.closest('[inert]')).toBeNull();
    expect(dialog.querySelectorAll(FOCUSABLE).length).toBeGreaterThan(0);

    unmount();
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
  });
});
