import { handler, json } from '@/lib/server/http/handler';
import { buildOpenApiDocument } from '@/lib/server/openapi/document';

export const dynamic = 'force-dynamic';

export const GET = handler({}, ({ request }) =>
  json(buildOpenApiDocument(new URL('/api/v1', request.url).toString())),
);
