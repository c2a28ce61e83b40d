import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { authApi } from '@/lib/api/auth';
import { ApiClientError } from '@/lib/api/client';
import AuthDialog from '@/components/modals/auth-dialog';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: jest.requireActual<typeof import('../stubs/plain-link')>('../stubs/plain-link').PlainLink,
  usePathname: () => '/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
}));
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams('modal=auth&tab=1'),
}));
jest.mock('@/lib/api/auth', () => ({
  authApi: { signIn: jest.fn(), resendActivation: jest.fn(), activate: jest.fn() },
}));
// The providers (social buttons, captcha settings) never answer here: the password form is enough.
jest.mock('@/lib/api/queries/auth', () => ({
  authProvidersQuery: () => ({
    queryKey: ['auth-providers'],
    queryFn: () => new Promise(() => {}),
  }),
}));

const signIn = jest.mocked(authApi.signIn);
const resendActivation = jest.mocked(authApi.resendActivation);

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" messages={en}>
        <AuthDialog name="auth" />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signIn.mockReset();
  resendActivation.mockReset().mockResolvedValue({ sent: true });
});

describe('AuthDialog: a sign-up never activated', () => {
  it('says the account is not activated and offers the activation code, sent again on demand', async () => {
    signIn.mockRejectedValue(
      new ApiClientError(
        'ACCOUNT_NOT_ACTIVATED',
        'This account is not activated yet. Enter the code we sent you to finish signing up.',
        403,
      ),
    );
    renderDialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: ' Late@Example.com ' },
    });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
      target: { value: 'secret123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const step = await screen.findByTestId('activation-step');
    expect(
      screen.getByText(
        'This account is not activated yet. Enter the code we sent you to finish signing up.',
      ),
    ).toBeInTheDocument();
    expect(step).toHaveTextContent('Enter the code we sent to late@example.com when you signed up');
    expect(screen.queryByText('Email, phone or password is incorrect')).not.toBeInTheDocument();

    const resend = screen.getByTestId('resend-code');
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await waitFor(() =>
      expect(resendActivation).toHaveBeenCalledWith(
        { type: 'email', contact: 'late@example.com' },
        'en',
      ),
    );
  });
});
