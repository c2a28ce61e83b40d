import 'server-only';
import { ApiError } from '@/lib/server/http/api-error';
import { readBody } from '@/lib/server/http/read-body';

/** An uploaded file's bytes (the body itself), up to `limit`; an empty upload is refused. */
export async function readUpload(request: Request, limit: number): Promise<Buffer> {
  const bytes = await readBody(request, limit);
  if (bytes.length === 0) throw new ApiError('VALIDATION_ERROR', 'file');
  return bytes;
}
