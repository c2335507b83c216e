import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { withoutClient } from './queue.ts';

describe('job system error logging', () => {
  it("logs a pg error's name, message, code and stack without the connection it came from", () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connection: { stream: { buffer: 'x'.repeat(5_000) } } },
    });
    const logged = pino.stdSerializers.err(withoutClient(error));
    expect(logged).toMatchObject({ type: 'Error', message: error.message, code: '57P01', stack: error.stack });
    expect(logged).not.toHaveProperty('client');
    expect(JSON.stringify(logged).length).toBeLessThan(2_000);
    expect(error).toHaveProperty('client'); // the original is left alone
  });
});
