import fs from 'node:fs';
import path from 'node:path';

/** apps/server: where the server's own process starts (as `npm start` and the journeys' servers start it). */
export const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
const COMPILED_MAIN = path.join(SERVER_DIR, 'dist/main.js');
const SOURCES = [path.join(SERVER_DIR, 'src'), path.join(REPO_ROOT, 'packages/domain/src')];

/**
 * The arguments to Node that start the real server (main) as a process of its own, for the tests that kill, crash
 * or break it. The compiled output, as production and the journeys run it, when it is newer than every source it is
 * built from (npm test builds first); otherwise `src/main.ts` through tsx, so a test never runs stale code. tsx
 * compiles the whole server cold at every start: about 3 core-seconds more a start (npm test's time).
 */
export function mainProcessArgs(): string[] {
  return compiledIsFresh() ? ['--conditions=listwise-compiled', COMPILED_MAIN] : ['--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')];
}

let fresh: boolean | undefined;
function compiledIsFresh(): boolean {
  if (fresh !== undefined) return fresh;
  const builtAt = modifiedAt(COMPILED_MAIN);
  fresh =
    builtAt !== undefined &&
    fs.existsSync(path.join(REPO_ROOT, 'packages/domain/dist')) &&
    SOURCES.every((folder) => newestSource(folder) < builtAt);
  return fresh;
}

function modifiedAt(file: string): number | undefined {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

/** What the build leaves out (apps/server/tsconfig.build.json): tests, their helpers and fixtures. */
const NOT_BUILT = /\.test\.tsx?$|(^|\/)test\/|(^|\/)db\/test-fixtures\/|test-factories\.ts$/;

/** The newest modification time of a folder's TypeScript, what the build leaves out aside. */
function newestSource(folder: string): number {
  let newest = 0;
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || NOT_BUILT.test(file)) continue;
    newest = Math.max(newest, modifiedAt(path.join(folder, file)) ?? 0);
  }
  return newest;
}
