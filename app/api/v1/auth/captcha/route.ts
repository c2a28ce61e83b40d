import { altchaChallenge } from '@/lib/server/auth/captcha';
import { authLimits } from '@/lib/server/auth/limits';
import { handler } from '@/lib/server/http/handler';
import { clientAddress, hitLimit } from '@/lib/server/http/rate-limit';

/** A new ALTCHA challenge for the sign-up form (each solution passes once). */
export const GET = handler({}, async ({ request }) => {
  await hitLimit(authLimits.captchaPerIp, clientAddress(request));
  return altchaChallenge();
});
