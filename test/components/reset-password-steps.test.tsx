import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { authApi } from '@/lib/api/auth';
import {
  ResetCodeStep,
  ResetConfirmStep,
  ResetSendStep,
} from '@/components/auth/reset-password-steps';
import en from '@/messages/en.json';

jest.mock('@/lib/api/auth', () => ({
  authApi: { resetSend: jest.fn(), resetVerify: jest.fn(), resetConfirm: jest.fn() },
}));

const api = jest.mocked(authApi);
const inEnglish = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      {ui}
    </NextIntlClientProvider>,
  );
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const contact = { type: 'email' as const, contact: 'zara@example.com' };

beforeEach(() => {
  api.resetSend.mockReset().mockResolvedValue({ sent: true });
  api.resetVerify.mockReset().mockResolvedValue({ valid: true });
  api.resetConfirm.mockReset().mockResolvedValue({ reset: true });
});

describe('password reset steps', () => {
  it('send-message: refuses a malformed email, then sends the normalised one', async () => {
    const onSent = jest.fn();
    inEnglish(<ResetSendStep onSent={onSent} onError={jest.fn()} />);
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.resetSend).not.toHaveBeenCalled();

    type('Email', ' Zara@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(contact));
    expect(api.resetSend).toHaveBeenCalledWith(contact, 'en');
  });

  it('code: only six digits are checked with the server, and a refused code is reported', async () => {
    const onValid = jest.fn();
    const onError = jest.fn();
    api.resetVerify.mockRejectedValueOnce(new Error('Invalid code'));
    inEnglish(<ResetCodeStep contact={contact} onValid={onValid} onError={onError} />);
    type('Code', '12ab');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.resetVerify).not.toHaveBeenCalled();

    type('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith('123456'));
  });

  it('confirm: the two passwords must match the rules and each other', async () => {
    const onDone = jest.fn();
    inEnglish(
      <ResetConfirmStep contact={contact} code="123456" onDone={onDone} onError={jest.fn()} />,
    );
    type('New password', 'newsecret1');
    type('Repeat the new password', 'newsecret2');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.resetConfirm).not.toHaveBeenCalled();

    type('Repeat the new password', 'newsecret1');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.resetConfirm).toHaveBeenCalledWith(
      { ...contact, code: '123456', password: 'newsecret1', repeatPassword: 'newsecret1' },
      'en',
    );
  });
});
