#!/usr/bin/env node
// npm run test:model -- [--runs N] [--seed S] [--path P] [--minutes M] [--lanes L]: the model-based test of the marketplace
// (apps/server/src/marketplace-model.test.ts) alone, longer than npm test runs it, or replaying a failure by the
// seed and path it printed. --minutes bounds a long run in wall time: no sequence starts after it. --lanes sets how
// many sequences run side by side (2 by default; a run is repeated by its seed and its number of lanes).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    path: { type: 'string' },
    minutes: { type: 'string' },
    lanes: { type: 'string' },
  },
  strict: true,
});
const env = { ...process.env };
if (values.runs) env.MODEL_RUNS = values.runs;
if (values.seed) env.MODEL_SEED = values.seed;
if (values.path) env.MODEL_PATH = values.path;
if (values.minutes) env.MODEL_MINUTES = values.minutes;
if (values.lanes) env.MODEL_LANES = values.lanes;
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/src/marketplace-model.test.ts'], {
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
