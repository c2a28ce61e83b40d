import { handler, json } from '@/lib/server/http/handler';
import { assertBackOfficeHost, signInStaff, signOutStaff } from '@/lib/server/staff/sessions';
import { staffRoutes } from '@/lib/server/staff/routes';

export const POST = handler(staffRoutes.signIn, async ({ body, meta, request }) => {
  assertBackOfficeHost(request);
  const { member, cookie } = await signInStaff(body, meta.ip);
  return json({ code: 'success', data: member }, 200, { 'Set-Cookie': cookie });
});

export const GET = handler(staffRoutes.me, ({ actor }) => ({
  id: actor.staffId ?? null,
  name: actor.name ?? 'Automation',
  role: actor.role,
}));

export const DELETE = handler(staffRoutes.signOut, async ({ request }) =>
  json({ code: 'success', data: { signedOut: true } }, 200, {
    'Set-Cookie': await signOutStaff(request),
  }),
);
