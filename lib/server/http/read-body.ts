import 'server-only';
import { ApiError } from './api-error';

/**
 * A request's body, read chunk by chunk and abandoned as soon as it passes `limit` — a chunked
 * body has no Content-Length to refuse it by, so counting the bytes as they come is the only guard.
 */
export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new ApiError('PAYLOAD_TOO_LARGE');
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
}
