import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { authorisationMarkdown } from './authorisation-matrix.ts';
import { schemaOperations } from './schema-operations.ts';

// `npm run generate` (after the schema): docs/authorisation.md from the matrix the authorisation test runs.
const out = path.resolve(import.meta.dirname, '../../../../docs/authorisation.md');
writeFileSync(out, authorisationMarkdown(schemaOperations()));
console.log(`wrote ${out}`);
