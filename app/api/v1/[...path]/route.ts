import { MALFORMED_PATH_HEADER } from '@/lib/serve/request-guard';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';

/**
 * Unknown API paths answer in the API's own shape, not with the site's HTML 404; a path server.ts
 * could not decode (it sends those here) is the client's mistake, 400.
 */
const notFound = handler({}, ({ request }) => {
  if (request.headers.get(MALFORMED_PATH_HEADER)) throw new ApiError('BAD_REQUEST', 'path');
  throw new ApiError('NOT_FOUND');
});

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
