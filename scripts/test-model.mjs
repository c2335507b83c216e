#!/usr/bin/env node
// npm run test:model -- [--runs N] [--seed S] [--path P] [--minutes M] [--lanes L]: the model-based test of the marketplace
// (apps/server/src/marketplace-model.test.ts) alone, longer than npm test runs it, or replaying a failure by the
// seed and path it printed. --minutes bounds a long run in wall time: no sequence starts after it. --lanes sets how
// many sequences run side by side (2 by default; a run's sequences depend on its seed alone, not on its lanes).
//
// The run passes only when vitest's JSON report says so (scripts/vitest-summary.mjs: vitest's exit code has been
// seen at 0 after a set-up failure) and the model's own result file shows the sequences asked for, each of its
// steps, ran (scripts/model-verdict.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { modelRunProblems } from './model-verdict.mjs';

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
const root = path.resolve(import.meta.dirname, '..');
// A directory per run: a long run and a short one may run side by side.
const output = path.join(root, 'test-results/model', String(process.pid));
fs.mkdirSync(output, { recursive: true });
const report = path.join(output, 'vitest.json');
const log = path.join(output, 'vitest.log');
const resultFile = path.join(output, 'result.json');
for (const file of [report, log, resultFile]) fs.rmSync(file, { force: true });

// The test's own default (marketplace-model.test.ts), passed explicitly so the verdict knows what was asked.
const runs = Number(values.runs ?? 200);
const env = { ...process.env, MODEL_RUNS: String(runs), MODEL_RESULT_FILE: resultFile };
if (values.seed) env.MODEL_SEED = values.seed;
if (values.path) env.MODEL_PATH = values.path;
if (values.minutes) env.MODEL_MINUTES = values.minutes;
if (values.lanes) env.MODEL_LANES = values.lanes;

const vitest = spawn(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    'apps/server/src/marketplace-model.test.ts',
  ],
  { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] },
);
// The log beside the report: errors outside any test are only in it.
const logStream = fs.createWriteStream(log);
vitest.stdout.on('data', (chunk) => (process.stdout.write(chunk), logStream.write(chunk)));
vitest.stderr.on('data', (chunk) => (process.stderr.write(chunk), logStream.write(chunk)));
const exitCode = await new Promise((resolve) => vitest.on('close', (code) => resolve(code ?? 1)));
await new Promise((resolve) => logStream.end(resolve));

const summary = spawnSync(process.execPath, [path.join(root, 'scripts/vitest-summary.mjs'), report, log], { stdio: 'inherit' });
const result = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : null;
const problems = modelRunProblems(result, { runs, bounded: Boolean(values.minutes) });
if (exitCode !== 0) problems.unshift(`vitest exited with ${exitCode}`);
if (summary.status !== 0) problems.unshift('vitest reported a failure');
if (problems.length === 0) process.exit(0);
console.error(`marketplace model: the run did not pass:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
process.exit(1);
