// Names what failed in a vitest run, from its JSON report and its log, in a few lines: the test suite's output is
// long and the end of it is what a reader (or CI, which keeps only its tail) sees. Exits 1 when the run failed:
// a file that fails outside any test (a hook timing out in a worker) has been seen to leave vitest's exit code at 0,
// so the report is the word that counts.
//   node scripts/vitest-summary.mjs <json report> <log>   (prints nothing for a run that passed with no retry)
import fs from 'node:fs';
import path from 'node:path';

const [reportPath, logPath] = process.argv.slice(2);
const MESSAGE_LINES = 6;
// The log keeps the terminal's colour codes when vitest thinks it writes to one.
const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function readReport() {
  try {
    return JSON.parse(fs.readFileSync(reportPath, 'utf8'));
  } catch {
    return null;
  }
}

// vitest prints errors thrown outside any test ('Unhandled Errors') only in its log, never in the JSON report.
function unhandledErrors() {
  if (!logPath || !fs.existsSync(logPath)) return [];
  const lines = fs.readFileSync(logPath, 'utf8').replace(COLOUR_CODES, '').split('\n');
  const start = lines.findIndex((line) => /Unhandled Error/.test(line));
  return start === -1 ? [] : lines.slice(start, start + 12);
}

function firstLines(text, count) {
  return String(text)
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count)
    .map((line) => `      ${line.trim()}`);
}

const report = readReport();
const failures = [];
// A test that failed and then passed on its retry (the server project retries once): named, never forgotten.
const flaky = [];
if (!report) failures.push(`  no report at ${reportPath}: vitest ended before writing it`);
for (const file of report?.testResults ?? []) {
  const name = path.relative(process.cwd(), file.name);
  const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
  if (file.status === 'failed' && failedTests.length === 0) {
    failures.push(`  failed file: ${name}`, ...firstLines(file.message, MESSAGE_LINES));
  }
  for (const test of failedTests) {
    failures.push(`  failed: ${name} › ${test.fullName}`, ...firstLines(test.failureMessages.join('\n'), MESSAGE_LINES));
  }
  for (const test of file.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages.length > 0)) {
    flaky.push(`  flaky:  ${name} › ${test.fullName}`, ...firstLines(test.failureMessages.join('\n'), MESSAGE_LINES));
  }
}
const unhandled = unhandledErrors();
if (unhandled.length > 0) failures.push('  errors outside any test:', ...unhandled.map((line) => `      ${line}`));

if (flaky.length > 0) {
  console.log(`vitest: ${flaky.filter((line) => line.startsWith('  flaky')).length} flaky test(s) (passed only on retry)`);
  for (const line of flaky) console.log(line);
}
const ok = report?.success === true && failures.length === 0;
if (ok) process.exit(0);
console.error(`vitest: ${report?.numFailedTests ?? '?'} failed test(s) in ${report?.numFailedTestSuites ?? '?'} failed file(s)`);
for (const line of failures) console.error(line);
process.exit(1);
