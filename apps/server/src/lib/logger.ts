import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';

/**
 * The process's logger. In production, and whenever stdout is not a terminal (a log collector, a pipe, the
 * e2e runner), one JSON object a line, as log tooling expects. A developer at a terminal gets pino-pretty's
 * coloured lines instead. pino-pretty is a development dependency: an install without it (the production
 * image) falls back to JSON rather than failing.
 */
export async function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'isProduction'>,
  stdout: { isTTY?: boolean } = process.stdout,
): Promise<Logger> {
  const options = { level: config.LOG_LEVEL };
  if (config.isProduction || !stdout.isTTY) return pino(options);
  const pretty = await import('pino-pretty').then(
    (module) => module.default,
    () => undefined,
  );
  if (!pretty) return pino(options);
  // sync: a fatal line written just before process.exit must still reach the terminal.
  return pino(options, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}
