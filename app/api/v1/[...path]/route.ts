import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';

/** Unknown API paths answer in the API's own shape, not with the site's HTML 404. */
const notFound = handler({}, () => {
  throw new ApiError('NOT_FOUND');
});

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
