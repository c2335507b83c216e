import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types.
import { modelRunProblems } from '../../../../../scripts/model-verdict.mjs';

/**
 * `npm run test:model` (scripts/test-model.mjs) must fail whenever the model did not run what it was asked: vitest
 * has been seen to exit 0 after the test's set-up failed (PostgreSQL refusing the connection, before any sequence).
 * The runner decides by vitest's JSON report (scripts/vitest-summary.mjs) and by the result file the model writes.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..');
const passing = { requested: 200, sequences: 200, steps: 6_600, minSteps: 30, interrupted: false, failed: false };

describe("the model runner's verdict on the model's result file (scripts/model-verdict.mjs)", () => {
  it('passes a run of every sequence asked for, each of its steps', () => {
    expect(modelRunProblems(passing, { runs: 200, bounded: false })).toEqual([]);
  });

  it('fails a run whose test wrote no result (its set-up failed before any sequence)', () => {
    expect(modelRunProblems(null, { runs: 200, bounded: false })).toEqual([expect.stringMatching(/wrote no result/)]);
  });

  it('fails a run of fewer sequences than asked, unless its time bound stopped it', () => {
    const short = { ...passing, sequences: 12, steps: 400 };
    expect(modelRunProblems(short, { runs: 200, bounded: false })).toEqual(['12 of the 200 sequences ran']);
    expect(modelRunProblems({ ...short, interrupted: true }, { runs: 200, bounded: true })).toEqual([]);
    expect(modelRunProblems({ ...short, sequences: 0, steps: 0, interrupted: true }, { runs: 200, bounded: true })).toEqual([
      'no sequence ran',
    ]);
  });

  it('fails a run whose sequences were shorter than their fewest steps, or that failed, or was asked for another count', () => {
    expect(modelRunProblems({ ...passing, steps: 5_000 }, { runs: 200, bounded: false })).toEqual([
      '5000 steps in 200 sequences: fewer than 30 a sequence',
    ]);
    expect(modelRunProblems({ ...passing, failed: true }, { runs: 200, bounded: false })).toEqual([expect.stringMatching(/failed/)]);
    expect(modelRunProblems({ ...passing, requested: 30 }, { runs: 200, bounded: false })).toEqual([
      expect.stringMatching(/asked for 30 sequences/),
    ]);
  });
});

describe("vitest's report as the word that counts (scripts/vitest-summary.mjs)", () => {
  const summarise = (report: unknown, log = '') => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-summary-'));
    try {
      fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report));
      fs.writeFileSync(path.join(dir, 'log.txt'), log);
      return spawnSync(process.execPath, ['scripts/vitest-summary.mjs', path.join(dir, 'report.json'), path.join(dir, 'log.txt')], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it("fails the report vitest wrote when the global set-up failed (vitest's own exit code was 0)", () => {
    // As vitest 4 writes it when PostgreSQL refuses the set-up's connection: no file ran, nothing failed, success false.
    const report = { numTotalTestSuites: 0, numFailedTestSuites: 0, numTotalTests: 0, numFailedTests: 0, success: false, testResults: [] };
    const log = ' Unhandled Error \nError: connect ECONNREFUSED 127.0.0.1:1\n';
    const run = summarise(report, log);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/ECONNREFUSED/);
  });

  it('fails a file that failed outside any test, and passes a clean run', () => {
    const file = (status: string) => ({
      name: path.join(REPO_ROOT, 'apps/server/src/marketplace-model.test.ts'),
      status,
      message: status === 'failed' ? 'Error: Listwise exited before it was running' : '',
      assertionResults: [{ status: 'skipped', fullName: 'random sequences', failureMessages: [] }],
    });
    const failedFile = summarise({ success: true, numFailedTests: 0, numFailedTestSuites: 1, testResults: [file('failed')] });
    expect(failedFile.status).toBe(1);
    expect(failedFile.stderr).toMatch(/failed file: apps\/server\/src\/marketplace-model\.test\.ts/);
    expect(summarise({ success: true, numFailedTests: 0, testResults: [file('passed')] }).status).toBe(0);
  });
});
