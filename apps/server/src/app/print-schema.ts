import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { schema } from './schema.ts';

// `npm run generate`: the committed contract, so every API change shows in review.
const out = path.resolve(import.meta.dirname, '../../schema.graphql');
writeFileSync(out, `${printSchema(schema)}\n`);
console.log(`wrote ${out}`);
