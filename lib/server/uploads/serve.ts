import 'server-only';
import { contentTypeOf, type UploadType } from './images';

/**
 * A stored upload answered so that no browser runs it and no shared cache keeps it: its real type,
 * nosniff, a sandbox CSP, never stored; a disposition when the caller names one (PDFs download).
 */
export function privateFileResponse(
  bytes: Buffer,
  type: UploadType,
  disposition?: string,
): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': contentTypeOf(type),
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
