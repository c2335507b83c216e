import type { Logger } from 'pino';

/**
 * Whether PostgreSQL can be reached (a database that stops fails fast). The first query that fails for
 * want of the database (refused, cut off, or past the connection time limit) marks it unreachable: from then on
 * `/health` answers 503 at once and GraphQL `service_unavailable` (HTTP 503, `Retry-After`) without waiting on a
 * connection, while a probe asks every `probeIntervalMs` whether it is back; the first answer puts service back by
 * itself. Per process on purpose: each replica sees its own way to the database.
 */
export interface DatabaseHealth {
  isReachable: () => boolean;
  /** Notes a failed query; answers whether it failed for want of the database (then it is marked unreachable). */
  noteFailure: (error: unknown) => boolean;
  /** One `select 1` now: marks the database reachable or not, and answers which. */
  check: () => Promise<boolean>;
  stop: () => void;
}

/** Seconds a client is told to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Node's socket errors, and PostgreSQL's own: class 08 (connection exception), 57P01–57P03 (the server shutting
// down, crashed, or not accepting connections yet), 53300 (no connection slot).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const UNREACHABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
// node-postgres says these in words only.
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end/i;

/** Whether an error (or one of its causes: Drizzle wraps the driver's) says the database cannot be reached. */
export function isDatabaseUnreachableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachableError)) return true;
  }
  return false;
}

/** Whether an error is a query that ran past the statement time limit (57014, query_canceled). */
export function isQueryTimeoutError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** `ping` is one trivial query (`select 1`) on the pool requests use. */
export function createDatabaseHealth(
  ping: () => Promise<unknown>,
  logger: Logger,
  options: { probeIntervalMs?: number } = {},
): DatabaseHealth {
  const probeIntervalMs = options.probeIntervalMs ?? 1000;
  let isReachable = true;
  let probe: NodeJS.Timeout | undefined;
  let isProbing = false;
  let isStopped = false;

  const markReachable = () => {
    if (isReachable) return;
    isReachable = true;
    clearInterval(probe);
    probe = undefined;
    logger.info('the database answers again');
  };
  const markUnreachable = (error: unknown) => {
    if (!isReachable || isStopped) return;
    isReachable = false;
    logger.error({ err: error }, 'the database cannot be reached; answering 503 until it is back');
    probe = setInterval(() => {
      if (isProbing) return;
      isProbing = true;
      void check().finally(() => (isProbing = false));
    }, probeIntervalMs);
    probe.unref();
  };
  const check = async () => {
    try {
      await ping();
      markReachable();
      return true;
    } catch (error) {
      markUnreachable(error);
      return false;
    }
  };
  return {
    isReachable: () => isReachable,
    noteFailure: (error) => {
      if (!isDatabaseUnreachableError(error)) return false;
      markUnreachable(error);
      return true;
    },
    check,
    stop: () => {
      isStopped = true;
      clearInterval(probe);
    },
  };
}
