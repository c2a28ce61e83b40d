import 'server-only';
import { SignJWT } from 'jose';
import { config } from '@/lib/config';

/**
 * A GetStream Chat user token, as Stream's server SDKs make it: HS256 over `{ user_id }` with the
 * app's API secret (no expiry, as Stream's default; a new sign-in makes a new one). Null when the
 * operator does not use Stream.
 */
export async function streamChatToken(userId: string): Promise<string | null> {
  if (!config.STREAM_API_SECRET) return null;
  return new SignJWT({ user_id: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(config.STREAM_API_SECRET));
}
