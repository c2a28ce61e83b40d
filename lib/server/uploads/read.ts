import 'server-only';
import { ApiError } from '@/lib/server/http/api-error';

/**
 * An uploaded file's bytes, read chunk by chunk and abandoned as soon as they pass `limit` (a
 * chunked body has no Content-Length to refuse it by).
 */
export async function readUpload(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new ApiError('PAYLOAD_TOO_LARGE');
  if (!request.body) throw new ApiError('VALIDATION_ERROR', 'file');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  if (size === 0) throw new ApiError('VALIDATION_ERROR', 'file');
  return Buffer.concat(chunks);
}
