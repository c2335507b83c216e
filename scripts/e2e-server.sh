#!/usr/bin/env bash
# The server the e2e suite drives: the compiled server (as `npm start` and production run it) on a fresh
# embedded database each run, with demo data and a movable clock.
set -euo pipefail
cd "$(dirname "$0")/.."
# The web app, the server and packages/domain are rebuilt here when their sources are newer than the built output
# (after `npm run build` in `npm test`, nothing is), so a journey never runs stale rules or screens.
# The e2e run starts two servers at once (e2e/playwright.config.ts): one compiles, the other waits for it.
mkdir -p .test-data
exec 9>.test-data/e2e-build.lock
flock 9
if [ ! -f apps/server/dist/main.js ] || [ -n "$(find apps/server/src packages/domain/src -newer apps/server/dist/main.js ! -name '*.test.ts' -print -quit)" ]; then
  npm run build -w @listwise/domain >&2 && npm run build -w @listwise/server >&2
fi
if [ ! -f apps/web/dist/index.html ] || [ -n "$(find apps/web/src apps/web/index.html packages/domain/src -newer apps/web/dist/index.html ! -name '*.test.ts' ! -name '*.test.tsx' -print -quit)" ]; then
  npm run build -w @listwise/web >&2
fi
flock -u 9
exec 9>&-
# Each server its own database and media (E2E_DATA_DIR, set per server by the Playwright config).
export DATA_DIR=${E2E_DATA_DIR:-.test-data/e2e}
rm -rf "$DATA_DIR"
# TRUST_PROXY: every browser and API call comes from 127.0.0.1, so journeys that need people on different network
# addresses (the review holds of e2e/reviews.spec.ts) send X-Forwarded-For; calls without it stay on 127.0.0.1.
# EMBEDDED_DATABASE_DURABLE=false: the database is thrown away after the run, so it skips fsync.
# PASSWORD_HASHING=fast: the cheap argon2id profile for the journeys' throwaway accounts (lib/passwords.ts).
export EMBEDDED_DATABASE_DURABLE=false PASSWORD_HASHING=fast ENABLE_TEST_CLOCK=true TRUST_PROXY=true SEED_DEMO_DATA=true RATE_LIMIT_MAX=${RATE_LIMIT_MAX:-50} SIGN_UPS_PER_ADDRESS_MAX=${SIGN_UPS_PER_ADDRESS_MAX:-1000} LOG_LEVEL=${LOG_LEVEL:-warn}
cd apps/server && exec node --conditions=listwise-compiled dist/main.js
