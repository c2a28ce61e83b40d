'use client';

import { useCallback } from 'react';
import { useEndpoints } from './operator-providers';

/** A refusal of the operator API, in its own words (localized by the platform). */
export class OperatorApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Calls the operator API with the staff session cookie (HttpOnly: the page never sees it); the
 * browser adds the Origin the platform checks on every change.
 */
export function useOperatorApi() {
  const { apiBaseUrl } = useEndpoints();
  return useCallback(
    async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
      const response = await fetch(`${apiBaseUrl}${path}`, {
        method: init.method ?? 'GET',
        credentials: 'same-origin',
        headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const payload = (await response.json().catch(() => null)) as {
        code?: string;
        data?: T;
        error?: { message?: string };
      } | null;
      if (!response.ok || payload?.code !== 'success') {
        throw new OperatorApiError(
          payload?.error?.message ?? response.statusText,
          response.status,
          payload?.code ?? 'ERROR',
        );
      }
      return payload.data as T;
    },
    [apiBaseUrl],
  );
}
