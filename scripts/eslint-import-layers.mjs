// A local ESLint rule that keeps the module map of docs/architecture.md true:
// - server: a file of apps/server/src imports only what the module map allows (scripts/server-layers.mjs);
// - web: a feature (apps/web/src/features/<x>) imports no other feature, and shared code (components, lib, config)
//   imports neither features nor the app.
// Imports are resolved (relative paths and the web's `@/` alias) before they are judged, so a folder that shares a
// module's name (ports/payments beside modules/payments) is never mistaken for it. Type-only imports count too.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importProblem } from './server-layers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = resolve(root, 'apps/server/src');
const webSrc = resolve(root, 'apps/web/src');

/** The server unit of a path under apps/server/src: `modules/<name>`, the top folder, or the top file's name. */
function serverUnit(path) {
  const parts = relative(serverSrc, path).split(sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  if (parts.length === 1) return parts[0].replace(/\.tsx?$/, '');
  return parts[0];
}

const isServerTest = (path) =>
  /\.test\.tsx?$/.test(path) || /test-factories\.ts$/.test(path) || path.startsWith(`${serverSrc}${sep}test${sep}`);
const within = (dir, path) => path.startsWith(`${dir}${sep}`);

function serverProblem(file, target) {
  if (!within(serverSrc, target) || isServerTest(file)) return null;
  const from = serverUnit(file);
  const to = serverUnit(target);
  if (from === to) return null;
  return importProblem(from, to);
}

function webProblem(file, target) {
  if (!within(webSrc, target)) return null;
  const [fromTop, fromFeature] = relative(webSrc, file).split(sep);
  const [toTop, toFeature] = relative(webSrc, target).split(sep);
  if (fromTop === 'features' && toTop === 'features' && toFeature !== fromFeature && target !== resolve(webSrc, 'features'))
    return `The ${fromFeature} feature may not import the ${toFeature} feature: compose them in src/app, or move what both use to components/ or lib/.`;
  if (['components', 'lib', 'config'].includes(fromTop) && (toTop === 'features' || toTop === 'app'))
    return `Shared code (${fromTop}/) may not import ${toTop}/: features and the app build on it, not the other way.`;
  return null;
}

function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  if (specifier.startsWith('@/') && within(webSrc, file)) return resolve(webSrc, specifier.slice(2));
  return null;
}

export const importLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the module map of docs/architecture.md (server layers, web features).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (!target) return;
      const problem = within(serverSrc, file) ? serverProblem(file, target) : within(webSrc, file) ? webProblem(file, target) : null;
      if (problem) context.report({ node: source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'import-layers': importLayersRule } };
