import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { authApi } from '@/lib/api/auth';
import type { SignInData } from '@/lib/schemas/auth';
import { SignInForm } from '@/components/auth/sign-in-form';
import type { SignInMethod } from '@/components/auth/methods/types';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: jest.requireActual<typeof import('../stubs/plain-link')>('../stubs/plain-link').PlainLink,
  usePathname: () => '/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
}));
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams('modal=auth&tab=1'),
}));
jest.mock('@/lib/api/auth', () => ({ authApi: { signIn: jest.fn() } }));

const signIn = jest.mocked(authApi.signIn);

function renderForm(onMethod = jest.fn(async (method: SignInMethod) => void (await method()))) {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <SignInForm captcha={{ provider: 'altcha' }} onMethod={onMethod} />
    </NextIntlClientProvider>,
  );
  return onMethod;
}

const signedIn: SignInData = {
  token: 'access-token',
  getStreamToken: null,
  two_factor_enabled: false,
  email: null,
};

beforeEach(() => signIn.mockReset().mockResolvedValue(signedIn));

/** Fills what is given (the contact field by its label), the password, and submits. */
function submitWith(contact: { label: string; value: string }, password = 'secret123') {
  fireEvent.change(screen.getByRole('textbox', { name: contact.label }), {
    target: { value: contact.value },
  });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it('shows the catalogue messages for an empty submit and sends nothing', async () => {
    const onMethod = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onMethod).not.toHaveBeenCalled();
  });

  it('sends the email trimmed and lower-cased with the password', async () => {
    renderForm();
    submitWith({ label: 'Email', value: '  Player@Example.COM ' });
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(signIn.mock.calls[0]![0]).toMatchObject({
      email: 'player@example.com',
      password: 'secret123',
    });
  });

  it('on the phone tab sends the number with the picked country (Costa Rica by default)', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    submitWith({ label: 'Phone number', value: '8800 1234' });
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(signIn.mock.calls[0]![0]).toMatchObject({
      phone: '+50688001234',
      password: 'secret123',
    });
    expect(signIn.mock.calls[0]![0]).not.toHaveProperty('email');
  });
});
