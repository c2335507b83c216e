/**
 * The build writes each `graphql()` call as the generated document's JSON (inline-documents.ts), read from the
 * generated files' text: every document the app declares must be found there, equal to the object the
 * trusted-documents manifest is made from, or the browser would send a hash the server does not know.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedDocuments } from '../scripts/document-manifest';
import { generatedDocumentsBySource } from './inline-documents';
import * as generatedGql from '../src/generated/graphql/gql';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('inlined documents', () => {
  const bySource = generatedDocumentsBySource(webRoot);

  it('finds every generated document, each as the JSON of the object graphql() returns', () => {
    const lookup = generatedGql.graphql as (source: string) => unknown;
    expect(bySource.size).toBe(generatedDocuments().length);
    for (const [source, json] of bySource) expect(JSON.parse(json)).toStrictEqual(lookup(source));
  });

  it('finds the source of a call as the app writes it', () => {
    const login = readFileSync(resolve(webRoot, 'src/features/auth/api/login.ts'), 'utf8');
    const source = /graphql\(\s*`([^`]*)`\s*\)/.exec(login)?.[1];
    expect(source && bySource.has(source)).toBe(true);
  });
});
