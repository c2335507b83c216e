/**
 * `npm run build` (after `vite build`): the trusted-documents manifest, from GraphQL Code Generator's output alone.
 * The client preset writes every document of the app as a ready DocumentNode (src/generated/graphql/graphql.ts,
 * `npm run generate`), and the app's `graphql()` hands urql those very objects. This turns each operation into
 * exactly the text the browser sends (urql's formatDocument, which Graphcache applies, then stringifyDocument) and
 * writes `dist/persisted-documents.json`: { "<sha256 hex>": "<document>" }. No app module is loaded.
 * The server accepts only these documents in production (apps/server/src/http/persisted-documents.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { generatedDocuments, persistedDocumentsOf } from './document-manifest.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
const manifest = persistedDocumentsOf(generatedDocuments());
const outFile = path.join(webRoot, 'dist/persisted-documents.json');
await fs.mkdir(path.dirname(outFile), { recursive: true });
await fs.writeFile(outFile, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`persisted documents: ${Object.keys(manifest).length} operations → ${path.relative(process.cwd(), outFile)}`);
