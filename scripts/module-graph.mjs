#!/usr/bin/env node
// The server's import map: which units import which, the module-level cycles, the file-level cycles, and
// the imports the module map of docs/architecture.md (scripts/server-layers.mjs) does not allow. A unit is `modules/<name>`, a top folder
// (`lib`, `db`, `ports`, `graphql`, `http`, `jobs`, `app`) or a top file (`config`, `deps`, `main`, `server`).
// Production code only: test files (`*.test.ts`, `test/`, `test-factories.ts`) are left out.
// Type-only imports (`import type`, `export type … from`) count at both levels: a type edge still ties two units'
// definitions together. File cycles are listed with `(type)` on the edges that are type-only.
// Usage: node scripts/module-graph.mjs [--edges] [--json]; exits 1 when a cycle or an upward import exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { importProblem } from './server-layers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const showEdges = process.argv.includes('--edges');

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file) || /test-factories\.ts$/.test(file) || /(^|\/)test-fixtures\//.test(file);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' || name === 'node_modules' ? [] : walk(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

export function unitOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  if (parts.length === 1) return parts[0].replace(/\.tsx?$/, '');
  return parts[0];
}

function importsOf(path) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      let typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      const named = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (!typeOnly && named && ts.isNamedImports?.(named) && named.elements.length && named.elements.every((e) => e.isTypeOnly))
        typeOnly = true;
      if (!typeOnly && named && ts.isNamedExports?.(named) && named.elements.length && named.elements.every((e) => e.isTypeOnly))
        typeOnly = true;
      if (ts.isImportDeclaration(node) && node.importClause && !node.importClause.name && !named) typeOnly = false;
      found.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0] ?? {})
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((i) => i.spec.startsWith('.'));
}

const files = walk(root)
  .map((p) => relative(root, p))
  .filter((f) => !isTest(f));
const fileSet = new Set(files);
/** file → [{ to, typeOnly }] */
const fileEdges = new Map();
for (const file of files) {
  const edges = [];
  for (const { spec, typeOnly } of importsOf(join(root, file))) {
    const to = relative(root, resolve(root, dirname(file), spec));
    if (fileSet.has(to)) edges.push({ to, typeOnly });
  }
  fileEdges.set(file, edges);
}

// Module-level edges, with the files that make them.
const unitEdges = new Map();
for (const [from, edges] of fileEdges) {
  for (const { to, typeOnly } of edges) {
    const a = unitOf(from);
    const b = unitOf(to);
    if (a === b) continue;
    const key = `${a} -> ${b}`;
    if (!unitEdges.has(key)) unitEdges.set(key, []);
    unitEdges.get(key).push(`${from} -> ${to}${typeOnly ? ' (type)' : ''}`);
  }
}

/** Elementary cycles through strongly connected components (Tarjan), then one shortest cycle per back edge. */
function sccs(nodes, next) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    on = new Set(),
    stack = [],
    out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp);
    }
  };
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return out;
}

/** Every simple cycle in a component (Johnson-lite; the components here are small), capped. */
function cyclesIn(comp, next, cap = 500) {
  const inComp = new Set(comp);
  const sorted = [...comp].sort();
  const cycles = [];
  for (let s = 0; s < sorted.length && cycles.length < cap; s++) {
    const start = sorted[s];
    const allowed = new Set(sorted.slice(s));
    const path = [start];
    const onPath = new Set([start]);
    const dfs = (v) => {
      for (const w of next(v)) {
        if (!inComp.has(w) || !allowed.has(w) || cycles.length >= cap) continue;
        if (w === start) cycles.push([...path]);
        else if (!onPath.has(w)) {
          path.push(w);
          onPath.add(w);
          dfs(w);
          path.pop();
          onPath.delete(w);
        }
      }
    };
    dfs(start);
  }
  return cycles;
}

const units = [...new Set(files.map(unitOf))].sort();
const unitNext = (u) => [...unitEdges.keys()].filter((k) => k.startsWith(`${u} -> `)).map((k) => k.split(' -> ')[1]);
// Cycles among modules/* alone, and cycles of the whole unit graph (the layers too), the latter capped at 500.
const moduleNext = (u) => unitNext(u).filter((w) => w.startsWith('modules/'));
const moduleCycles = sccs(
  units.filter((u) => u.startsWith('modules/')),
  moduleNext,
).flatMap((c) => cyclesIn(c, moduleNext));
const unitSccs = sccs(units, unitNext);
const unitCycles = unitSccs.flatMap((c) => cyclesIn(c, unitNext));
const fileNext = (f) => [...new Set(fileEdges.get(f).map((e) => e.to))];
const fileCycles = sccs(files, fileNext).flatMap((c) => cyclesIn(c, fileNext));

const upward = [];
for (const [key, via] of unitEdges) {
  const [a, b] = key.split(' -> ');
  if (importProblem(a, b)) for (const v of via) upward.push(v);
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ edges: Object.fromEntries(unitEdges), moduleCycles, unitCycles, fileCycles, upward }, null, 2));
} else {
  if (showEdges) {
    console.log('Module-level edges:');
    for (const [key, via] of [...unitEdges].sort()) console.log(`  ${key}  (${via.length} import${via.length > 1 ? 's' : ''})`);
  }
  console.log(`\nModule-level cycles (modules/* only): ${moduleCycles.length}`);
  for (const c of moduleCycles) console.log(`  ${[...c, c[0]].join(' -> ')}`);
  console.log(`\nUnit-level cycles (layers included): ${unitCycles.length >= 500 ? '500 or more' : unitCycles.length}`);
  for (const c of unitSccs) console.log(`  tangled together: ${c.sort().join(', ')}`);
  const typeOnly = (a, b) =>
    fileEdges
      .get(a)
      .filter((e) => e.to === b)
      .every((e) => e.typeOnly);
  console.log(`\nFile-level cycles: ${fileCycles.length}`);
  for (const c of fileCycles)
    console.log(`  ${[...c, c[0]].map((f, i, all) => (i && typeOnly(all[i - 1], f) ? `(type) ${f}` : f)).join(' -> ')}`);
  console.log(`\nImports the module map does not allow: ${upward.length}`);
  for (const u of upward) console.log(`  ${u}`);
  const long = files.filter((f) => /\.service\.ts$/.test(f) && readFileSync(join(root, f), 'utf8').split('\n').length - 1 > 400);
  console.log(`\nService files over 400 lines: ${long.length}`);
  for (const f of long) console.log(`  ${f}`);
}
process.exitCode = moduleCycles.length || unitCycles.length || fileCycles.length || upward.length ? 1 : 0;
