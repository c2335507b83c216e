/**
 * Trusted documents: the exact text the browser sends for an operation, and its SHA-256, computed the same way
 * at build (scripts/persisted-documents.ts writes the manifest) and by urql's persistedExchange at run time.
 * The documents are the ones GraphQL Code Generator wrote (docs/decisions/0019): the same objects `graphql()` returns.
 * Graphcache formats each document before it reaches the fetch (adds `__typename`), so the manifest holds the
 * formatted text: that is what the server runs when it receives only the hash.
 */
import { createHash } from 'node:crypto';
import { formatDocument, stringifyDocument } from '@urql/core';
import { Kind, type DocumentNode } from 'graphql';
import * as generated from '../src/generated/graphql/graphql.ts';

export const documentText = (document: DocumentNode): string => stringifyDocument(formatDocument(document));

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** { hash: text } of every operation (fragment-only documents travel inside the operations that spread them). */
export function persistedDocumentsOf(documents: readonly DocumentNode[]): Record<string, string> {
  const manifest: Record<string, string> = {};
  for (const document of documents) {
    if (!document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) continue;
    const text = documentText(document);
    manifest[sha256Hex(text)] = text;
  }
  return Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
}

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;

/** Every document the client preset generated from the app's `graphql()` calls (operations and fragments). */
export const generatedDocuments = (): DocumentNode[] => Object.values(generated).filter(isDocument);
