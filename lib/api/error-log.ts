import type { ErrorLogInput } from '@/lib/schemas/error-log';
import { apiRequest } from './client';

/** Sends an interface error to the Error log call; a failure to report is ignored (spec §7). */
export function reportError(
  error: Error & { componentStack?: string; digest?: string },
): Promise<void> {
  const body: ErrorLogInput = {
    message: (error.message || error.name || 'Error').slice(0, 2000),
    componentStack: (error.componentStack ?? error.stack)?.slice(0, 20_000),
    url: window.location.href.slice(0, 2000),
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent.slice(0, 1000),
  };
  return apiRequest('/logs/error', { method: 'POST', body }).then(
    () => undefined,
    () => undefined,
  );
}
