import { authProviders } from '@/lib/server/auth/providers';
import { handler } from '@/lib/server/http/handler';

export const GET = handler({}, () => authProviders());
