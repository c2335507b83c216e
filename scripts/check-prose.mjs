#!/usr/bin/env node
/**
 * Prose checks `npm run lint` runs beside ESLint:
 * - production sources say why the code is as it is now: no issue numbers (history lives in git and in
 *   docs/decisions), so a comment cannot drift from the code by telling when it was written;
 * - every decision record carries a status line (accepted, or superseded by another record), so a reader knows
 *   whether it still holds without reading the code.
 * Exits 1 and names every offending line.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['apps/server/src', 'apps/web/src', 'apps/web/build', 'apps/web/scripts', 'packages/domain/src', 'scripts'];
const sourceFile = /\.(ts|tsx|mjs|js|sh|css|html)$/;
const testFile = /\.test\.(ts|tsx)$|\/test\/|\/test-fixtures\//;
const issueReference = /\bissues? #?\d+/i;
const statusLine = /^Status: (accepted|superseded by \[?\d{4}\]?|proposed)/m;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'generated') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const problems = [];
for (const sourceRoot of sourceRoots) {
  for (const file of walk(path.join(root, sourceRoot))) {
    const relative = path.relative(root, file);
    if (!sourceFile.test(file) || testFile.test(relative) || relative === 'scripts/check-prose.mjs') continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (issueReference.test(line)) {
          problems.push(`${relative}:${index + 1}: an issue number in production code (say why, not when): ${line.trim()}`);
        }
      });
  }
}

const decisions = path.join(root, 'docs/decisions');
for (const name of fs.readdirSync(decisions).filter((file) => file.endsWith('.md'))) {
  if (!statusLine.test(fs.readFileSync(path.join(decisions, name), 'utf8'))) {
    problems.push(`docs/decisions/${name}: no 'Status: accepted' or 'Status: superseded by NNNN' line`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} prose problem(s).`);
  process.exit(1);
}
