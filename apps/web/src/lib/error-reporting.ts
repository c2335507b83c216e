/**
 * Where client-side errors go (spec 000 §8: every GraphQL error is sent to error reporting, and in development
 * only logged to the console). Outside development a short report goes to the API's `POST /client-errors`,
 * which writes it to the structured log next to the server's own errors. Reporting never throws.
 */
import { env } from '@/config/env';

export type ErrorKind = 'graphql' | 'network' | 'render';

const REPORT_URL = '/client-errors';
const clip = (text: string | undefined, max: number) => (text ? text.slice(0, max) : undefined);

function describe(error: unknown): { message: string; code?: string } {
  if (error && typeof error === 'object') {
    const { message, extensions } = error as { message?: unknown; extensions?: { code?: unknown } };
    const code = typeof extensions?.code === 'string' ? extensions.code : undefined;
    if (typeof message === 'string' && message) return { message, code };
  }
  return { message: String(error) || 'unknown error' };
}

export function reportError(kind: ErrorKind, error: unknown, operationName?: string): void {
  if (env.isDevelopment) {
    console.error('[listwise]', kind, operationName ?? '', error);
    return;
  }
  try {
    const { message, code } = describe(error);
    const body = JSON.stringify({
      kind,
      message: clip(message, 500),
      code: clip(code, 100),
      operationName: clip(operationName, 100),
      page: clip(window.location.pathname, 300),
    });
    const sent = navigator.sendBeacon?.(REPORT_URL, new Blob([body], { type: 'application/json' }));
    if (!sent)
      void fetch(REPORT_URL, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(
        () => undefined,
      );
  } catch {
    // Reporting is best effort: it must never turn one error into two.
  }
}
