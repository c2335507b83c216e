/**
 * Where client-side errors go (spec 000 §8: every GraphQL error is reported; in development only logged).
 * No reporting service is configured yet, so production keeps them out of the console.
 */
import { env } from '@/config/env';

export const reportError = (error: unknown, context?: Record<string, unknown>) => {
  if (env.isDevelopment) console.error('[listwise]', error, context ?? '');
};
