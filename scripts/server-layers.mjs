// The server's layers, bottom to top (docs/architecture.md). One table read by eslint.config.js (which refuses an
// import against it) and by scripts/module-graph.mjs (which counts cycles and upward imports).
// A unit is a module (`modules/<name>`), a folder under apps/server/src (`lib`, `db`, …) or a top file (`config`).
// A unit imports only units of lower rank; modules of one rank import none of each other.
export const SERVER_LAYERS = [
  ['config'],
  ['lib'],
  ['db'],
  ['ports'],
  ['jobs'],
  ['observability'],
  ['deps'],
  ['graphql'],
  ['modules/settings', 'modules/notifications', 'modules/media', 'modules/suburbs', 'modules/audit'],
  ['modules/accounts'],
  ['modules/payments'],
  ['modules/agents'],
  ['modules/listings'],
  ['modules/appraisals'],
  ['modules/sales'],
  ['modules/reviews', 'modules/appointments', 'modules/subscriptions', 'modules/privacy'],
  ['modules/public-pages'],
  ['modules/admin'],
  ['app'],
  ['http'],
  ['server'],
  ['main'],
];
