// Prints the e2e run's summary from Playwright's JSON report: how many journeys passed, failed and were flaky
// (failed first, passed on a retry), naming each flaky or failed one with the first lines of each failed attempt's
// error, so a retry never hides a problem and CI's tail (which keeps only the end of the log) says what went wrong.
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const reportPath = process.argv[2];
if (!fs.existsSync(reportPath)) {
  console.error(`e2e summary: no report at ${reportPath}`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));

function* specs(suite, file = suite.file) {
  for (const spec of suite.specs ?? []) yield { ...spec, file: spec.file ?? file };
  for (const child of suite.suites ?? []) yield* specs(child, child.file ?? file);
}

const byOutcome = { expected: [], flaky: [], unexpected: [], skipped: [] };
for (const suite of report.suites ?? []) {
  for (const spec of specs(suite)) {
    for (const test of spec.tests ?? []) byOutcome[test.status]?.push({ name: `${spec.file} › ${spec.title}`, test });
  }
}
const seconds = Math.round((report.stats?.duration ?? 0) / 1000);
console.log(
  `\ne2e summary: ${byOutcome.expected.length} passed, ${byOutcome.flaky.length} flaky (passed only on retry), ` +
    `${byOutcome.unexpected.length} failed, ${byOutcome.skipped.length} skipped, in ${seconds} s`,
);
// Colour codes out, and only the start of each error: the message and the line of the journey that failed.
function printAttempts(test) {
  for (const [attempt, result] of (test.results ?? []).entries()) {
    if (result.status === 'passed' || result.status === 'skipped') continue;
    const error = result.error ?? result.errors?.[0] ?? {};
    const lines = stripVTControlCharacters(error.message ?? error.value ?? '(no message)')
      .split('\n')
      .filter((line) => line.trim())
      .slice(0, 6);
    const where = error.location ? ` at ${error.location.file.split('/').pop()}:${error.location.line}` : '';
    console.log(`    attempt ${attempt + 1}: ${result.status}${where} after ${Math.round(result.duration / 1000)} s`);
    for (const line of lines) console.log(`      ${line.slice(0, 300)}`);
  }
}
for (const { name, test } of byOutcome.flaky) {
  console.log(`  flaky:  ${name}`);
  printAttempts(test);
}
for (const { name, test } of byOutcome.unexpected) {
  console.log(`  failed: ${name}`);
  printAttempts(test);
}
