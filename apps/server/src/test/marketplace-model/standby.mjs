// A Listwise server process waiting to start: it loads the modules its main file imports, then waits for one line on
// stdin (a JSON object of environment variables to add), and only then runs the main file, whose start is the real
// one (configuration, database check, jobs, the sweep of e-mails left by a crash, listening). The model-based test
// keeps one ready so a restart after kill -9 does not spend seconds loading modules while the test waits for it.
// Usage: node [the main file's Node options] standby.mjs <main file>
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const main = path.resolve(process.argv[2]);
// The main file's own relative imports: the packages they use come with them. Its code runs only after the line.
// (The compiled main file is a bundle, scripts/bundle.mjs: its relative imports are the chunks holding the server.)
for (const [, specifier] of fs.readFileSync(main, 'utf8').matchAll(/^import\s[^;]*?['"](\.[^'"]+)['"]/gms)) {
  await import(pathToFileURL(path.resolve(path.dirname(main), specifier)).href);
}
// The model kills its servers with SIGKILL, so none would ever write the compiled code Node keeps between starts
// (NODE_COMPILE_CACHE, written at a normal exit): written now, with the modules loaded, the next start reads it.
// Node 22.10+; older Node has no compile cache.
const { flushCompileCache } = await import('node:module');
flushCompileCache?.();
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  Object.assign(process.env, JSON.parse(line));
  break;
}
await import(pathToFileURL(main).href);
