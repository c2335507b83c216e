import fs from 'node:fs';
import path from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/**
 * Trusted documents. `npm run build` writes the web app's operations to `<web dist>/persisted-documents.json`
 * ({ sha256: text }, apps/web/scripts/persisted-documents.ts); the web app sends only the hash
 * (`extensions.persistedQuery.sha256Hash`). In production only those documents run: any other text or hash is
 * refused with `unknown_operation`, which closes the API to arbitrary queries. Elsewhere any query is accepted
 * (the API tests, GraphiQL-style tools) and an unknown hash answers APQ's `PersistedQueryNotFound`, on which the
 * development client resends the full text.
 */
export const PERSISTED_DOCUMENTS_FILE = 'persisted-documents.json';

export function loadPersistedDocuments(config: Config): Map<string, string> {
  const file = path.join(config.webDistDir, PERSISTED_DOCUMENTS_FILE);
  if (!fs.existsSync(file)) {
    if (config.isProduction) throw new Error(`Production needs the web app's trusted documents at ${file}: run npm run build`);
    return new Map();
  }
  return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>));
}

const unknownOperation = () => new GraphQLError('unknown_operation', { extensions: { code: 'unknown_operation', http: { status: 400 } } });

export function persistedDocumentsPlugin(config: Config, logger: Logger): Plugin {
  const documents = loadPersistedDocuments(config);
  logger.debug({ documents: documents.size }, 'trusted documents loaded');
  return usePersistedOperations({
    getPersistedOperation: (hash) => documents.get(hash) ?? null,
    allowArbitraryOperations: !config.isProduction,
    customErrors: {
      notFound: config.isProduction ? unknownOperation : 'PersistedQueryNotFound',
      persistedQueryOnly: unknownOperation,
      // Neither a query nor a hash: Yoga's own wording outside production, as before trusted documents.
      keyNotFound: config.isProduction ? unknownOperation : 'Must provide query string.',
    },
  });
}
