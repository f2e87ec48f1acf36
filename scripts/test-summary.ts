// Totals every suite's results into the one closing line CI reads: "N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['vitest-pglite.json', 'vitest-postgres.json']) {
  const path = `reports/${file}`;
  if (!fs.existsSync(path)) continue;
  const r = JSON.parse(fs.readFileSync(path, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  // Unhandled errors fail the run even when every test passed: count them as one failure.
  if (r.success === false && r.numFailedTests === 0 && !r.numRuntimeErrorTestSuites) failed += 1;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
try {
  const stats = JSON.parse(fs.readFileSync('reports/playwright.json', 'utf8')).stats;
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
} catch {
  failed += 1;
  console.error('Browser journeys produced no results.');
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
