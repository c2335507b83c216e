import { ZodError } from 'zod';

/** A start failure whose cause is known: the message says what is wrong, the hint how to fix it. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StartupError';
  }
}

const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(value === undefined ? 'start failed without a reason' : String(value));

/**
 * What `main.ts` logs when the server cannot start: the error itself (pino's `err` serializer prints message and
 * stack only for a real Error under `err`) and a hint of the fix for the causes we know.
 */
export function describeStartFailure(error: unknown, context: { port?: number } = {}): { err: Error; hint: string } {
  const err = asError(error);
  if (err instanceof StartupError) return { err, hint: err.hint };
  const code = (err as NodeJS.ErrnoException).code;
  if (err instanceof ZodError) {
    const fields = err.issues.map((issue) => issue.path.join('.')).join(', ');
    return { err, hint: `Fix the environment variable(s) ${fields}; docs/configuration.md lists each with its format.` };
  }
  if (code === 'EADDRINUSE') {
    return { err, hint: `Port ${context.port ?? 'PORT'} is taken by another program: stop it, or start with another PORT.` };
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return {
      err,
      hint: 'The server may not use that port or file: check PORT (below 1024 needs privileges) and that DATA_DIR is writable.',
    };
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return { err, hint: 'The database did not accept the connection: check DATABASE_URL, and that the database is running and reachable.' };
  }
  if (code === 'ENOSPC') return { err, hint: 'The disk is full: free space where DATA_DIR lives.' };
  return { err, hint: 'The error says what failed; docs/configuration.md describes every setting and what a start needs.' };
}
