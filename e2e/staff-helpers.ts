import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { uniqueEmail } from './auth-helpers';

export const STAFF_PASSWORD = 'a long staff password';
export type StaffRole = 'admin' | 'support' | 'payments' | 'risk';

/** A staff account made through the operator API, as an operator's tooling would. */
export async function staffMember(page: Page, role: StaffRole, name: string) {
  const email = uniqueEmail(`staff-${role}`);
  const made = await page.request.post('/api/v1/operator/staff', {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { email, name, role, password: STAFF_PASSWORD },
  });
  expect(made.status()).toBe(200);
  const { secret } = ((await made.json()) as { data: { secret: string } }).data;
  return { email, secret };
}

/** Signs into /operator as a staff member would, the code from their authenticator. */
export async function staffSignIn(page: Page, email: string, code: string) {
  await page.goto('/operator/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new staff member of `role`, signed in on `page` (their overview showing). */
export async function signedInStaff(page: Page, role: StaffRole, name: string, roleName: string) {
  const member = await staffMember(page, role, name);
  await staffSignIn(page, member.email, await generate({ secret: member.secret }));
  await expect(page.getByTestId('staff-name')).toHaveText(`${name} · ${roleName}`);
  return member;
}
