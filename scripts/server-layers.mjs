// The server's module map (docs/architecture.md), read by eslint.config.js (which refuses an import against it) and
// by scripts/module-graph.mjs (which counts cycles and imports the map does not allow).
// A unit is a module (`modules/<name>`), a folder under apps/server/src (`lib`, `db`, …) or a top file (`config`).
//
// Two rules. The layers under and over the modules are a line, bottom to top: a unit imports only units of a lower
// rank (every module sits at the `modules` rank). Between modules the line would be stronger than the domain needs
// (it forces rules to live where the line allows rather than where they belong), so modules follow an explicit table
// of allowed edges instead: a module imports only the modules listed for it, and the table must stay free of cycles.
export const SERVER_LAYERS = [
  ['config'],
  ['lib'],
  ['db'],
  ['ports'],
  ['jobs'],
  ['observability'],
  ['deps'],
  ['graphql'],
  ['modules'],
  ['app'],
  ['http'],
  ['server'],
  ['main'],
];

/** Each module and the modules it may import. Add an edge here (and to docs/architecture.md) when the domain needs it. */
export const MODULE_EDGES = {
  settings: [],
  notifications: [],
  media: [],
  suburbs: [],
  audit: [],
  accounts: ['media', 'notifications'],
  payments: ['accounts', 'audit', 'notifications', 'settings'],
  agents: ['accounts', 'audit', 'media', 'notifications', 'suburbs', 'settings'],
  listings: ['accounts', 'agents', 'media', 'notifications', 'settings', 'suburbs'],
  appraisals: ['accounts', 'agents', 'listings', 'media', 'notifications', 'payments', 'settings'],
  sales: ['accounts', 'agents', 'appraisals', 'audit', 'listings', 'notifications', 'payments', 'settings'],
  reviews: ['accounts', 'agents', 'appraisals', 'audit', 'listings', 'notifications', 'settings'],
  appointments: ['accounts', 'appraisals', 'listings', 'notifications', 'settings'],
  subscriptions: ['accounts', 'agents', 'audit', 'notifications', 'payments', 'settings', 'suburbs'],
  privacy: [
    'accounts',
    'agents',
    'appointments',
    'appraisals',
    'listings',
    'media',
    'notifications',
    'payments',
    'reviews',
    'sales',
    'subscriptions',
  ],
  'public-pages': ['accounts', 'agents', 'appraisals', 'listings', 'media', 'notifications', 'reviews', 'sales', 'settings', 'suburbs'],
  admin: [
    'accounts',
    'agents',
    'audit',
    'listings',
    'notifications',
    'payments',
    'reviews',
    'sales',
    'settings',
    'subscriptions',
    'suburbs',
  ],
};

/** A cycle in a table of edges, as the path that closes it (`['a', 'b', 'a']`), or null when there is none. */
export function findCycle(edges) {
  const state = new Map(); // 1: on the current path, 2: done
  const path = [];
  const visit = (node) => {
    if (state.get(node) === 2) return null;
    if (state.get(node) === 1) return [...path.slice(path.indexOf(node)), node];
    state.set(node, 1);
    path.push(node);
    for (const next of edges[node] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 2);
    return null;
  };
  for (const node of Object.keys(edges)) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const cycle = findCycle(MODULE_EDGES);
if (cycle) throw new Error(`scripts/server-layers.mjs: MODULE_EDGES has a cycle: ${cycle.join(' → ')}`);
for (const [module, targets] of Object.entries(MODULE_EDGES)) {
  for (const target of targets) {
    if (!(target in MODULE_EDGES)) throw new Error(`scripts/server-layers.mjs: ${module} → ${target}, an unknown module`);
  }
}

const rankOf = new Map(SERVER_LAYERS.flatMap((units, rank) => units.map((unit) => [unit, rank])));

/**
 * Why `from` may not import `to` (units as above), or null when it may. A unit missing from the map is a problem
 * too, so a new folder or module gets its place on purpose.
 */
export function importProblem(from, to) {
  if (from === to) return null;
  const fromModule = from.startsWith('modules/') ? from.slice('modules/'.length) : null;
  const toModule = to.startsWith('modules/') ? to.slice('modules/'.length) : null;
  for (const [unit, module] of [
    [from, fromModule],
    [to, toModule],
  ]) {
    const known = module !== null ? module in MODULE_EDGES : rankOf.has(unit);
    if (!known) return `${unit} has no place in scripts/server-layers.mjs: add it to the map (and to docs/architecture.md).`;
  }
  if (fromModule !== null && toModule !== null) {
    return MODULE_EDGES[fromModule].includes(toModule)
      ? null
      : `${from} may not import ${to}: MODULE_EDGES in scripts/server-layers.mjs does not list the edge. Add it if the domain needs it and it makes no cycle, or move what both need into a module both may import.`;
  }
  const fromRank = rankOf.get(fromModule !== null ? 'modules' : from);
  const toRank = rankOf.get(toModule !== null ? 'modules' : to);
  return toRank < fromRank
    ? null
    : `${from} may not import ${to}, which sits above it (docs/architecture.md). Move what it needs down, or compose it higher up.`;
}
