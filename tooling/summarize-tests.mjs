// Sums Vitest JSON reports into one closing line: "N passed, M failed" (CI reads it).
// Usage: node tooling/summarize-tests.mjs <results-folder> <suite> [<suite> ...]
// A suite whose report is missing (its run crashed) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [folder, ...suites] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const suite of suites) {
  const file = path.join(folder, `${suite}.json`);
  if (!existsSync(file)) {
    console.log(`${suite}: no report (the run crashed)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A test file that failed to load has no failed test of its own: count it once.
  const brokenFiles = (report.testResults ?? []).filter(
    (result) =>
      result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const suiteFailed = report.numFailedTests + brokenFiles;
  const suiteSkipped = report.numPendingTests + (report.numTodoTests ?? 0);
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += suiteSkipped;
  console.log(`${suite}: ${report.numPassedTests} passed, ${suiteFailed} failed, ${suiteSkipped} skipped`);
}
if (suites.length === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
