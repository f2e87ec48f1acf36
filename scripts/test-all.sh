#!/usr/bin/env bash
# `npm test`: Chromium for the journeys (installed when missing and possible, else an immediate failure), lint,
# typecheck, catalogues, build, unit + integration on PGlite (and again on PostgreSQL when DATABASE_URL is set),
# browser journeys; ends with one summary line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC
mkdir -p reports
rm -f reports/*.json
status=0
step() { echo; echo "── $1"; }

# First, so a machine that cannot run the browser journeys fails at once instead of after the long steps.
step "chromium for the browser journeys" && bash scripts/ensure-chromium.sh || exit 1

step "lint" && npm run -s lint || status=1
step "typecheck" && npm run -s typecheck || status=1
step "catalogues" && npm run -s i18n:check || status=1
step "build" && npx react-router build >/dev/null || { echo "build failed"; exit 1; }

step "unit + integration on PGlite"
env -u DATABASE_URL -u REDIS_URL npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest-pglite.json || status=1

# The run that counts for the concurrency tests (server/test/concurrency.ts); .ci/run always sets DATABASE_URL.
if [ -n "${DATABASE_URL:-}" ]; then
  step "integration on PostgreSQL (${DATABASE_URL%%@*}@…)"
  npx vitest run server --reporter=default --reporter=json --outputFile=reports/vitest-postgres.json || status=1
fi

step "browser journeys"
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json npx playwright test --reporter=list,json || status=1

node scripts/test-summary.ts || status=1
exit $status
