import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

/** A stand-in for stdout that keeps what was written; `isTTY` as a terminal or a pipe reports it. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('logs', () => {
  it('are readable lines at a terminal in development', async () => {
    const out = output(true);
    const logger = await createLogger({ LOG_LEVEL: 'info', isProduction: false }, out.stream);
    logger.info({ suburbs: 16477 }, 'imported the Australian suburb dataset');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: .*imported the Australian suburb dataset.* .*suburbs.*16477/);
    expect(out.text()).not.toContain('"level"');
  });

  it('are JSON lines when stdout is not a terminal', async () => {
    const out = output(false);
    const logger = await createLogger({ LOG_LEVEL: 'info', isProduction: false }, out.stream);
    logger.info({ suburbs: 16477 }, 'imported');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(out.text())).toMatchObject({ level: 30, suburbs: 16477, msg: 'imported' });
  });

  it('are JSON lines in production, even at a terminal', async () => {
    const out = output(true);
    const logger = await createLogger({ LOG_LEVEL: 'info', isProduction: true }, out.stream);
    logger.info('started');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(out.text())).toMatchObject({ level: 30, msg: 'started' });
  });
});
