import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { BackOfficeFrame } from '@/components/operator/back-office-frame';
import { StaffSignInForm } from '@/components/operator/sign-in-form';
import en from '@/messages/en.json';

// A one-page router: the address decides whether the sign-in form or a room is shown.
let path = '/operator/support';
const listeners = new Set<() => void>();
const go = (next: string) => {
  path = next;
  listeners.forEach((listener) => listener());
};
const replace = jest.fn((next: string) => go(next));
jest.mock('next/navigation', () => ({
  useRouter: () => ({ replace, push: replace }),
  usePathname: () => path,
}));

/** The platform: no session until a sign-in with the right code, which is single use. */
let signedIn = false;
let codeSpent = false;
const member = { id: 'staff-1', email: 'ada@example.com', name: 'Ada', role: 'admin' };
// jsdom has no Response: the client reads only these fields.
const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 400, status, statusText: '', json: async () => body } as Response);
const fetchMock: typeof fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/operator/session') && method === 'GET') {
    return signedIn
      ? answer(200, { code: 'success', data: { id: member.id, name: member.name, role: 'admin' } })
      : answer(401, { code: 'UNAUTHORIZED', error: { message: 'Sign in' } });
  }
  if (url.endsWith('/operator/session') && method === 'POST') {
    const body = JSON.parse(String(init!.body)) as { code: string };
    if (codeSpent || body.code !== '123456') {
      return answer(401, { code: 'INVALID_2FA', error: { message: 'Invalid 2FA code' } });
    }
    codeSpent = true;
    signedIn = true;
    return answer(200, { code: 'success', data: member });
  }
  return answer(404, { code: 'NOT_FOUND', error: { message: 'Not found' } });
});

function BackOffice() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => path,
  );
  return current === '/operator/sign-in' ? (
    <StaffSignInForm />
  ) : (
    <BackOfficeFrame>
      <p>Overview room</p>
    </BackOfficeFrame>
  );
}

beforeEach(() => {
  path = '/operator/support';
  signedIn = false;
  codeSpent = false;
  replace.mockClear();
  global.fetch = fetchMock;
});

describe('back-office sign-in', () => {
  it('asks the browser for the email, the current password and the one-time code', () => {
    path = '/operator/sign-in';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NextIntlClientProvider locale="en" messages={en}>
          <BackOffice />
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('textbox', { name: /code/i })).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
  });

  it('after a visit signed out, a sign-in opens the rooms instead of bouncing back', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 5_000 } },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <NextIntlClientProvider locale="en" messages={en}>
          <BackOffice />
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
    // Signed out: the room sends to sign-in, leaving null in the staff-session cache.
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/operator/sign-in'));
    replace.mockClear();

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: member.email } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-password' } });
    fireEvent.change(screen.getByRole('textbox', { name: /code/i }), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Overview room')).toBeInTheDocument();
    expect(screen.getByTestId('staff-name')).toHaveTextContent('Ada');
    expect(replace).toHaveBeenCalledWith('/operator');
    expect(replace).not.toHaveBeenCalledWith('/operator/sign-in');
    expect(path).toBe('/operator');
  });
});
