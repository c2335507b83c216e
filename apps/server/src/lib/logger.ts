import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.ts';

/** Where logs go: stdout, or a stream standing in for it (tests). */
type Output = DestinationStream & { isTTY?: boolean };

/**
 * The process's logger. In production, and whenever stdout is not a terminal (a log collector, a pipe, the
 * e2e runner), one JSON object a line, as log tooling expects. A developer at a terminal gets pino-pretty's
 * coloured lines instead. pino-pretty is a development dependency: an install without it (the production
 * image) falls back to JSON rather than failing.
 */
export async function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'isProduction'>, output: Output = process.stdout): Promise<Logger> {
  const options = { level: config.LOG_LEVEL };
  // pino's own stdout writer unless a stand-in is given.
  const destination = output === process.stdout ? undefined : output;
  const json = () => (destination ? pino(options, destination) : pino(options));
  if (config.isProduction || !output.isTTY) return json();
  const pretty = await import('pino-pretty').then(
    (module) => module.default,
    () => undefined,
  );
  if (!pretty) return json();
  // sync: a fatal line written just before process.exit must still reach the terminal.
  const prettyOptions = { colorize: true, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' };
  return pino(options, pretty({ ...prettyOptions, destination: destination ?? 1 }));
}
