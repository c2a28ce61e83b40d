import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { NextIntlClientProvider } from 'next-intl';
import { forwardRef, useImperativeHandle, type ComponentProps, type Ref } from 'react';
import { authApi } from '@/lib/api/auth';
import type { CaptchaHandle } from '@/components/auth/captcha-field';
import { SignUpForm } from '@/components/auth/sign-up-form';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: forwardRef<HTMLAnchorElement, ComponentProps<'a'> & { href: unknown }>(function Link(
    { href, ...props },
    ref,
  ) {
    return <a ref={ref} href={String(href)} {...props} />;
  }),
}));
jest.mock('@/lib/api/auth', () => ({ authApi: { register: jest.fn() } }));
// The captcha solves itself here (its proof of work runs in the browser flows): the form must ask
// for it before it sends anything, and send what it answers.
const ensure = jest.fn(async () => 'captcha-solution');
jest.mock('@/components/auth/captcha-field', () => ({
  CaptchaField: function CaptchaField({ ref }: { ref: Ref<CaptchaHandle> }) {
    useImperativeHandle(ref, () => ({ ensure, reset: jest.fn() }));
    return null;
  },
}));

const register = jest.mocked(authApi.register);

function renderForm() {
  const onRegistered = jest.fn();
  const onError = jest.fn();
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <SignUpForm
        captcha={{ provider: 'altcha' }}
        defaultCountry="CR"
        onRegistered={onRegistered}
        onError={onError}
      />
    </NextIntlClientProvider>,
  );
  return { onRegistered, onError };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const termsBox = () => screen.getByRole('checkbox', { name: /accept the terms and conditions/ });
const acceptTerms = () => fireEvent.click(termsBox());

beforeEach(() => {
  ensure.mockClear();
  Cookies.remove('referrer');
  register.mockReset().mockResolvedValue({
    type: 'email',
    contact: 'zara@example.com',
    activationRequired: true,
  });
});

describe('SignUpForm', () => {
  it('shows the catalogue messages, terms included, and sends nothing', async () => {
    renderForm();
    submit();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(
      screen.getByText('You must accept the terms and conditions to sign up'),
    ).toBeInTheDocument();
    expect(ensure).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });

  it('starts with the terms unticked and sends nothing until they are ticked', async () => {
    renderForm();
    expect(termsBox()).not.toBeChecked();
    type('Email', 'zara@example.com');
    type('Password', 'secret123');
    submit();
    expect(await screen.findByTestId('terms-error')).toHaveTextContent(
      'You must accept the terms and conditions to sign up',
    );
    expect(ensure).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();

    acceptTerms();
    expect(termsBox()).toBeChecked();
    submit();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('terms-error')).not.toBeInTheDocument();
  });

  it('holds a password without a digit to the rule', async () => {
    renderForm();
    type('Email', 'zara@example.com');
    type('Password', 'abcdefgh');
    submit();
    expect(await screen.findByText('Password must contain at least one digit')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('solves the captcha, then registers the normalised email and says where the code went', async () => {
    const { onRegistered } = renderForm();
    type('Email', '  Zara@Example.COM ');
    type('Password', 'secret123');
    acceptTerms();
    submit();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(ensure).toHaveBeenCalled();
    expect(register.mock.calls[0]![0]).toEqual({
      isEmail: true,
      email: 'zara@example.com',
      password: 'secret123',
      repeatPassword: 'secret123',
      language: 'en',
      promotionCode: undefined,
      captcha: 'captcha-solution',
    });
    await waitFor(() =>
      expect(onRegistered).toHaveBeenCalledWith({ type: 'email', contact: 'zara@example.com' }),
    );
  });

  it("prefills the referrer's promotion code and sends it", async () => {
    Cookies.set('referrer', 'FRIEND_1');
    renderForm();
    expect(screen.getByRole('checkbox', { name: 'I have a promotion code' })).toBeChecked();
    expect(screen.getByLabelText('Promotion code')).toHaveValue('FRIEND_1');
    type('Email', 'zara@example.com');
    type('Password', 'secret123');
    acceptTerms();
    submit();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(register.mock.calls[0]![0]).toMatchObject({ promotionCode: 'FRIEND_1' });
  });
});
