#!/usr/bin/env bash
# The whole test suite: static checks, unit and API integration tests against a real PostgreSQL,
# then the end-to-end journeys in Chromium against a freshly built app.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "install"
npm install --no-audit --no-fund
bash scripts/ensure-chromium.sh

step "typecheck"
npm run typecheck
step "lint"
npm run lint
step "format"
npm run format:check

# run_vitest <json report> [args…]: runs vitest; a file that fails outside any test (a hook timing out in a worker)
# has been seen to leave the exit code at 0, so the JSON summary is the word that counts.
run_vitest() {
  local report=$1
  shift
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
  node -e 'const r = require(process.argv[1]); if (!r.success || r.numFailedTestSuites > 0) { console.error(`vitest: ${r.numFailedTests} failed test(s) in ${r.numFailedTestSuites} failed suite(s)`); process.exit(1); }' "$PWD/$report"
}

# Production runs Node 24 LTS; the machine's Node is the oldest supported (20.19+). The npm package node@24
# ships the binary: its directory first on PATH runs npx, vitest's workers and the smoke test on it. The API suite
# runs once, on the production runtime; the unit tests run on the machine's Node, the production smoke test on both.
node24_bin=$(dirname "$(npx -y -p node@24 node -p process.execPath)")
on_node24() { PATH="$node24_bin:$PATH" "$@"; }

step "unit tests (Node $(node -v))"
run_vitest test-results/vitest-unit.json --project domain --project web
step "API integration tests (Node $(on_node24 node -v))"
on_node24 run_vitest test-results/vitest-api.json --project server

step "build: the web app, packages/domain and the server to JavaScript"
npm run build

step "production smoke test (Node $(node -v))"
bash scripts/smoke-production.sh
step "production smoke test (Node $(on_node24 node -v))"
on_node24 bash scripts/smoke-production.sh

step "end-to-end journeys in Chromium"
# A journey that passes only on its retry is not a pass to forget: the summary names it.
e2e_status=0
npm run test:e2e || e2e_status=$?
node scripts/e2e-summary.mjs test-results/e2e.json
exit "$e2e_status"
