/**
 * `npm run build` (after `vite build`): the trusted-documents manifest. Loads every module of the web app that
 * declares a GraphQL document (through Vite, with urql's `gql` recording what it builds), turns each operation
 * into exactly the text the browser sends (urql's formatDocument, which Graphcache applies, then
 * stringifyDocument) and writes `dist/persisted-documents.json`: { "<sha256 hex>": "<document>" }.
 * The server accepts only these documents in production (apps/server/src/http/persisted-documents.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Window } from 'happy-dom';
import { createServer, type Plugin } from 'vite';
import type { DocumentNode } from 'graphql';
import { persistedDocumentsOf } from './document-manifest.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
const RECORDING_URQL = '\0listwise-recording-urql';

declare global {
  var __listwiseDocuments: DocumentNode[] | undefined;
}
globalThis.__listwiseDocuments = [];

// Some modules read browser state when they load (the auth store reads its cookie flag): give them a DOM.
const browser = new Window({ url: 'http://localhost/' });
for (const key of Object.getOwnPropertyNames(browser)) {
  if (!(key in globalThis))
    Object.defineProperty(globalThis, key, { value: browser[key as keyof Window], configurable: true, writable: true });
}
Object.defineProperty(globalThis, 'window', { value: browser, configurable: true });

/** Replaces `urql` for the app's modules with a copy whose `gql` also records each document it builds. */
const recordGql = (): Plugin => ({
  name: 'listwise-record-gql',
  enforce: 'pre',
  resolveId: (id, importer) => (id === 'urql' && importer !== RECORDING_URQL ? RECORDING_URQL : null),
  load: (id) =>
    id === RECORDING_URQL
      ? `import { gql as realGql } from 'urql';
export * from 'urql';
export const gql = (...args) => { const document = realGql(...args); globalThis.__listwiseDocuments.push(document); return document; };`
      : null,
});

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const server = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  // Bundled through Vite (not loaded by Node directly) so the recording plugin can stand in for it.
  ssr: { noExternal: ['urql'] },
  optimizeDeps: { noDiscovery: true, include: [] },
  plugins: [recordGql()],
});
try {
  for (const file of await sourceFiles(path.join(webRoot, 'src'))) {
    if (/\bgql\s*[`<(]/.test(await fs.readFile(file, 'utf8'))) await server.ssrLoadModule(file);
  }
} finally {
  await server.close();
  await browser.happyDOM.close();
}

const manifest = persistedDocumentsOf(globalThis.__listwiseDocuments);
const outFile = path.join(webRoot, 'dist/persisted-documents.json');
await fs.mkdir(path.dirname(outFile), { recursive: true });
await fs.writeFile(outFile, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`persisted documents: ${Object.keys(manifest).length} operations → ${path.relative(process.cwd(), outFile)}`);
