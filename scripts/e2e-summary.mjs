// Prints the e2e run's summary from Playwright's JSON report: how many journeys passed, failed and were flaky
// (failed first, passed on a retry), naming each flaky or failed one, so a retry never hides a problem unseen.
import fs from 'node:fs';

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
    for (const test of spec.tests ?? []) byOutcome[test.status]?.push(`${spec.file} › ${spec.title}`);
  }
}
const seconds = Math.round((report.stats?.duration ?? 0) / 1000);
console.log(
  `\ne2e summary: ${byOutcome.expected.length} passed, ${byOutcome.flaky.length} flaky (passed only on retry), ` +
    `${byOutcome.unexpected.length} failed, ${byOutcome.skipped.length} skipped, in ${seconds} s`,
);
for (const name of byOutcome.flaky) console.log(`  flaky:  ${name}`);
for (const name of byOutcome.unexpected) console.log(`  failed: ${name}`);
