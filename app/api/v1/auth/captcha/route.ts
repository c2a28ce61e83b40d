import { altchaChallenge } from '@/lib/server/auth/captcha';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

/** A new ALTCHA challenge for the sign-up form (each solution passes once). */
export const GET = handler(authRoutes.captcha, () => altchaChallenge());
