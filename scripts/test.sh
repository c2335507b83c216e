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
npx vitest run

step "build the web app"
npm run build

step "end-to-end journeys in Chromium"
npm run test:e2e
