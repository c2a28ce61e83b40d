import { providersQuerySchema } from '@/lib/schemas/games';
import { listProviders } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

export const GET = handler({ query: providersQuerySchema }, ({ query }) =>
  listProviders(query.section),
);
