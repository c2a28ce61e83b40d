import type { Challenge } from 'altcha-lib';
import { POST as activate } from '@/app/api/v1/auth/activate/route';
import { GET as captcha } from '@/app/api/v1/auth/captcha/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { call, freshIp, lastCode, request, solveCaptcha } from './api';

/** A solved captcha, as the sign-up form sends it. */
export async function newCaptcha(ip = freshIp()) {
  const challenge = await call<Challenge>(captcha, request('GET', '/auth/captcha', { ip }));
  return solveCaptcha(challenge.data!);
}

/** A sign-up by email through the route handler, from its own address unless one is given. */
export async function signUp(
  email: string,
  password = 'secret123',
  extra: Record<string, unknown> = {},
  ip = freshIp(),
) {
  const body = {
    isEmail: true,
    email,
    password,
    repeatPassword: password,
    language: 'en',
    captcha: await newCaptcha(ip),
    ...extra,
  };
  return call(register, request('POST', '/auth/register', { body, ip }));
}

export const activateWith = (contact: string, code: string, ip = freshIp()) =>
  call(activate, request('POST', '/auth/activate', { body: { type: 'email', contact, code }, ip }));

/** A signed-up and activated player, and the tokens activation gave them. */
export async function activePlayer(email: string, password = 'secret123') {
  const answer = await signUp(email, password);
  if (answer.code !== 'success') throw new Error(`sign-up failed: ${answer.code}`);
  const done = await activateWith(email, await lastCode(email));
  if (done.code !== 'success') throw new Error(`activation failed: ${done.code}`);
  return done.data as { token: string; getStreamToken: string };
}
