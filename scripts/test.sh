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

step "unit and API integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
# A file that fails outside any test (a hook timing out in a worker) has been seen to leave the exit code at 0:
# the JSON summary is the word that counts.
node -e 'const r = require("./test-results/vitest.json"); if (!r.success || r.numFailedTestSuites > 0) { console.error(`vitest: ${r.numFailedTestSuites} failed file(s)`); process.exit(1); }'

step "build the web app"
npm run build

step "end-to-end journeys in Chromium"
npm run test:e2e
