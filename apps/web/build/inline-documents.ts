/**
 * `vite build`: each `graphql(`…`)` call becomes the document GraphQL Code Generator generated for it, written in
 * place as a literal (what the client preset's Babel/SWC plugins do; this app's React plugin has no Babel). Without
 * it every page would load `src/generated/graphql/`, all the app's documents at once, on first load; with it each
 * route's chunk holds its own documents, as when they were written with `gql`. The literal is the very JSON of the
 * generated document, so urql sends the text the trusted-documents manifest holds (scripts/persisted-documents.ts).
 * A call with no generated document fails the build: run `npm run generate`. docs/decisions/0019.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const GENERATED = 'src/generated/graphql';
const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const IMPORT = /^import \{ graphql \} from '@\/generated\/graphql';\n/m;

/** source text of each `graphql()` call → the JSON of its generated document. */
export function generatedDocumentsBySource(webRoot: string): Map<string, string> {
  const documents = new Map<string, string>();
  for (const line of fs.readFileSync(path.join(webRoot, GENERATED, 'graphql.ts'), 'utf8').split('\n')) {
    const match = /^export const (\w+) = (\{"kind":"Document".*\}) as unknown as DocumentNode</.exec(line);
    if (match?.[1] && match[2]) documents.set(match[1], match[2]);
  }
  const bySource = new Map<string, string>();
  const gql = fs.readFileSync(path.join(webRoot, GENERATED, 'gql.ts'), 'utf8');
  const map = gql.slice(gql.indexOf('const documents'));
  for (const match of map.matchAll(/^ {4}("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
    const json = match[2] ? documents.get(match[2]) : undefined;
    if (match[1] && json) bySource.set(JSON.parse(match[1]) as string, json);
  }
  return bySource;
}

export function inlineDocuments(): Plugin {
  let bySource = new Map<string, string>();
  return {
    name: 'listwise-inline-documents',
    apply: 'build',
    // Before TypeScript is stripped, on the source as written.
    enforce: 'pre',
    configResolved(config) {
      bySource = generatedDocumentsBySource(config.root);
    },
    transform(code, id) {
      if (!IMPORT.test(code) || id.includes(`/${GENERATED}/`)) return null;
      const inlined = code.replace(IMPORT, '').replace(CALL, (_call, source: string) => {
        const json = bySource.get(source);
        if (!json) this.error(`a graphql() document of ${id} is not in ${GENERATED}: run npm run generate`);
        return `(${json})`;
      });
      return { code: inlined, map: null };
    },
  };
}
