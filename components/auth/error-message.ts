import { ApiClientError } from '@/lib/api/client';

/**
 * What the alert shows for a failure (spec §8): the server's message for a non-success answer,
 * a thrown error's own message, else the translated 'An error occurred'.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiClientError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
