import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirectoryProblem, type PostgresUser } from './data-directory.ts';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * A data directory the embedded PostgreSQL cannot use gives an error naming the directory and the fix, before
 * initdb fails on it with its raw "could not access directory … Permission denied".
 */
const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) {
    await fs.chmod(dir, 0o755).catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** A private parent directory (mode 0700, like /root), as mkdtemp makes it. */
async function privateParent(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listwise-data-dir-'));
  made.push(dir);
  await fs.chmod(dir, 0o700);
  return dir;
}

// Someone else's account: owns nothing here, so only the "others" permission bits apply to it.
const postgresSystemUser: PostgresUser = { name: 'postgres', uid: 4_000_001, gid: 4_000_001, isCurrentProcess: false };

describe('the embedded PostgreSQL data directory', () => {
  it('names the directory the postgres user cannot enter and the fix', async () => {
    const parent = await privateParent();
    const problem = await dataDirectoryProblem(path.join(parent, 'data/postgres'), postgresSystemUser);
    expect(problem).toContain(`The embedded PostgreSQL cannot use its data directory ${path.join(parent, 'data/postgres')}`);
    expect(problem).toContain(`runs as the system user "postgres"`);
    expect(problem).toContain(`cannot enter ${parent} (mode 0700`);
    expect(problem).toContain('set DATA_DIR to a directory postgres can use');
    expect(problem).toContain(`chmod o+x ${parent}`);
    expect(problem).toContain('DATABASE_URL');
  });

  it('accepts the directory once the postgres user can get through', async () => {
    const parent = await privateParent();
    await fs.chmod(parent, 0o711);
    expect(await dataDirectoryProblem(path.join(parent, 'data/postgres'), postgresSystemUser)).toBeUndefined();
  });

  it('names an initialised directory that belongs to another user', async () => {
    const parent = await privateParent();
    await fs.chmod(parent, 0o755);
    const dir = path.join(parent, 'postgres');
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'PG_VERSION'), '18\n');
    const problem = await dataDirectoryProblem(dir, postgresSystemUser);
    expect(problem).toContain(`but the directory belongs to uid ${(await fs.stat(dir)).uid}`);
    expect(problem).toContain(`chown -R postgres ${dir}`);
  });

  it.runIf(process.getuid?.() === 0)('refuses to start under a private directory when running as root, before initdb', async () => {
    const parent = await privateParent();
    const dir = path.join(parent, 'postgres');
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(
      new RegExp(`cannot use its data directory ${dir}: .*"postgres".* cannot enter ${parent} \\(mode 0700, owner uid 0\\)`),
    );
    await expect(fs.access(dir)).rejects.toThrow(); // initdb never ran
  });

  it.runIf(process.getuid?.() !== 0)('refuses to start under a directory it cannot write to, before initdb', async () => {
    const parent = await privateParent();
    await fs.chmod(parent, 0o500);
    const dir = path.join(parent, 'data/postgres');
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(`cannot create directories in ${parent} (mode 0500`);
  });
});
