/**
 * `npm run generate` (after the server printed apps/server/schema.graphql): GraphQL Code Generator's client preset
 * reads every `graphql(...)` document in src/ and writes src/generated/graphql/: the typed `graphql()` function,
 * each document's result and variables types, and each document as a ready DocumentNode. The output is committed;
 * `npm run typecheck -w @listwise/web` runs this with `--check` so a schema or document change without a new
 * generate fails. docs/decisions/0019-typed-documents-from-the-schema.md.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: '../server/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/generated/**', '!src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: false,
  errorsOnly: true,
  generates: {
    'src/generated/graphql/': {
      preset: 'client',
      presetConfig: {
        // Components take the fragment's type and read its fields directly (no useFragment unwrapping).
        fragmentMasking: false,
      },
      config: {
        // The schema's enums as string unions, as @listwise/domain writes them: no runtime enum objects.
        enumsAsTypes: true,
        // Only the types the documents use, not one per schema type.
        onlyOperationTypes: true,
        useTypeImports: true,
        skipTypename: true,
        // A nullable result field is `T | null` (not optional); a nullable variable may be left out.
        avoidOptionals: { field: true, object: false, inputValue: false, defaultValue: false },
        scalars: { DateTime: 'string' },
        // Keeps the document objects free of `loc` (urql prints them; the manifest formats the same objects).
        optimizeDocumentNode: true,
      },
    },
  },
};

export default config;
