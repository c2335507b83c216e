import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postgresUser } from '../db/data-directory.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { describeStartFailure, StartupError } from './startup-error.ts';
import { mainProcessArgs, SERVER_DIR } from '../test/main-process.ts';

/** A start that fails says why (message and stack) and how to fix it; never an empty 'could not start'. */
const brokenDir = path.join(os.tmpdir(), `listwise-broken-pg-${process.pid}`);
afterAll(() => fs.rm(brokenDir, { recursive: true, force: true }));

describe('describeStartFailure', () => {
  it('turns a rejection without a reason into a real Error, so the log has a message and a stack', () => {
    const { err, hint } = describeStartFailure(undefined);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('start failed without a reason');
    expect(err.stack).toBeTruthy();
    expect(hint).toBeTruthy();
  });

  it('gives the fix for the causes it knows', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:3000'), { code: 'EADDRINUSE' });
    expect(describeStartFailure(inUse, { port: 3000 }).hint).toMatch(/Port 3000 is taken.*PORT/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    expect(describeStartFailure(refused).hint).toMatch(/DATABASE_URL/);
    const config = z.object({ PORT: z.coerce.number() }).safeParse({ PORT: 'abc' }).error!;
    expect(describeStartFailure(config).hint).toMatch(/PORT.*docs\/configuration\.md/);
    expect(describeStartFailure(new StartupError('Another server', 'Stop it')).hint).toBe('Stop it');
  });
});

it('logs the cause and a hint when main.ts cannot start (here, a PORT that is not a number)', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, mainProcessArgs(), {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: 'not-a-port', DATA_DIR: brokenDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  const fatal = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; hint?: string; err?: { message: string; stack: string } })
    .find((line) => line.level === 60);
  expect(fatal).toMatchObject({ msg: 'Listwise could not start', hint: expect.stringMatching(/PORT/) });
  expect(fatal!.err!.message).toMatch(/PORT|number/i);
  expect(fatal!.err!.stack).toMatch(/at /);
});

it('says what postgres said when the embedded database does not start', { timeout: 60_000 }, async () => {
  await fs.mkdir(brokenDir, { recursive: true });
  // A directory that claims to be a data directory but is not one.
  await fs.writeFile(path.join(brokenDir, 'PG_VERSION'), '18\n');
  // Owned by the user postgres runs as (data-directory.ts refuses any other owner before postgres is asked).
  const owner = await postgresUser();
  if (owner.uid !== undefined && owner.gid !== undefined) await fs.chown(brokenDir, owner.uid, owner.gid);
  const failure = await startEmbeddedPostgres(brokenDir).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(StartupError);
  expect((failure as StartupError).message).toMatch(/did not start: postgres: could not access the server configuration file/);
});
