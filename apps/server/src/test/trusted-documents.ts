import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import { PERSISTED_DOCUMENTS_FILE } from '../http/persisted-documents.ts';

/** The SHA-256 (hex) the web app sends for a document. */
export const documentHash = (query: string) => createHash('sha256').update(query).digest('hex');

/** A request body naming a trusted document by its hash only, as the web app sends it. */
export const persistedBody = (query: string, variables?: Record<string, unknown>) => ({
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: documentHash(query) } },
});

/**
 * Production configuration whose web build trusts exactly `documents`: a manifest as `npm run build` writes it,
 * in a throwaway web dist folder.
 */
export function productionTrusting(documents: string[]) {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-web-dist-'));
  const manifest = Object.fromEntries(documents.map((query) => [documentHash(query), query]));
  fs.writeFileSync(path.join(distDir, PERSISTED_DOCUMENTS_FILE), JSON.stringify(manifest));
  return (deps: Deps): Deps => ({ ...deps, config: { ...deps.config, NODE_ENV: 'production', isProduction: true, webDistDir: distDir } });
}
