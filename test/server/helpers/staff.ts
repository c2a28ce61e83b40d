import { generate } from 'otplib';
import { POST as signIn } from '@/app/api/v1/operator/session/route';
import type { OperatorRole } from '@/lib/schemas/operator';
import { createStaff } from '@/lib/server/staff/accounts';
import { freshIp, request, url } from './api';

/** The back office's origin in the tests (the platform's SITE_URL). */
export const STAFF_ORIGIN = 'http://localhost';
export const STAFF_PASSWORD = 'a long staff password';

let made = 0;
/** A new staff account of `role`: its email, id and TOTP secret. */
export async function staffMember(role: OperatorRole, name = `Agent ${made + 1}`) {
  made += 1;
  const account = await createStaff({
    email: `staff${made}-${Date.now()}@example.com`,
    name,
    role,
    password: STAFF_PASSWORD,
  });
  return { ...account, name };
}

/** The back office's sign-in as a browser sends it; answers the cookie to send back. */
export async function staffSignIn(email: string, code: string, password = STAFF_PASSWORD) {
  const res = await signIn(
    request('POST', '/operator/session', { body: { email, password, code }, ip: freshIp() }),
  );
  const json = (await res.json()) as { code: string; data?: { role: string } };
  const setCookie = res.headers.get('set-cookie');
  return { status: res.status, ...json, setCookie, cookie: setCookie?.split(';')[0] ?? '' };
}

/** A staff member of `role`, signed in: the session cookie their browser would send. */
export async function signedInStaff(role: OperatorRole, name?: string) {
  const account = await staffMember(role, name);
  const { cookie } = await staffSignIn(account.email, await generate({ secret: account.secret }));
  return { ...account, cookie };
}

/** A request from the back office's page: its cookie, and its Origin on a change. */
export function asStaff(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  origin: string | null = STAFF_ORIGIN,
) {
  return new Request(url(path), {
    method,
    headers: {
      cookie,
      ...(origin ? { origin } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}
