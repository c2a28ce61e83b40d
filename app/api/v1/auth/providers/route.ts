import { authProviders } from '@/lib/server/auth/providers';
import { authRoutes } from '@/lib/server/auth/routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(authRoutes.providers, () => authProviders());
