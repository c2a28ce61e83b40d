import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { authTabs, pageTab } from '@/lib/site/modals';
import { casinoTabs, pickTab } from '@/lib/site/paths';
import { ModalLayer } from '@/components/modals/modal-layer';
import { SessionProvider, type SessionState } from '@/components/session/session-context';

let search = new URLSearchParams();
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useSearchParams: () => search }));
jest.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/casino',
  useRouter: () => ({ replace, push: jest.fn() }),
}));
// The dialogs themselves are not the point: which one the layer shows, and when.
jest.mock('@/components/modals/registry', () => {
  const Modal = ({ name }: { name: string }) => <div data-testid={`modal-${name}`} />;
  return {
    modalRegistry: {
      auth: Modal,
      authRequired: Modal,
      wallet: Modal,
      'reset-password': Modal,
      'install-wallet': Modal,
    },
  };
});

const session = (status: SessionState['status']): SessionState => ({
  status,
  profile: null,
  balance: null,
  role: 'admin',
  logout: () => {},
});

/** The (site) layout's modal slot: the layer in its own Suspense boundary, under the session. */
function Shell({ status }: { status: SessionState['status'] }) {
  return (
    <SessionProvider value={session(status)}>
      <main>casino lobby</main>
      <Suspense>
        <ModalLayer />
      </Suspense>
    </SessionProvider>
  );
}

describe('ModalLayer while the page hydrates', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  it('/casino?modal=auth&tab=1 hydrates without a mismatch, then opens sign-in over the lobby', async () => {
    search = new URLSearchParams('modal=auth&tab=1');
    // The server: the session is unknown there (loading), so no dialog is in the HTML.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Shell status="loading" />);
    document.body.appendChild(container);
    expect(screen.queryByTestId('modal-auth')).not.toBeInTheDocument();

    // The browser: by the time the layer's boundary hydrates, the guest's session has settled.
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Shell status="unauthenticated" />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(await screen.findByTestId('modal-auth')).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it("keeps the page's own tab apart from the dialog's", () => {
    // The spec's addresses: a category alone, the sign-in and sign-up tabs over the lobby, and a
    // category kept under the dialog as ptab.
    expect(pickTab(casinoTabs, pageTab({ tab: 'roulette' }))).toBe('roulette');
    expect(pickTab(casinoTabs, pageTab({ modal: 'auth', tab: authTabs.signIn }))).toBe('lobby');
    expect(pickTab(casinoTabs, pageTab({ modal: 'auth', tab: authTabs.signUp }))).toBe('lobby');
    expect(
      pickTab(casinoTabs, pageTab({ modal: 'auth', tab: authTabs.signIn, ptab: 'roulette' })),
    ).toBe('roulette');
  });
});
