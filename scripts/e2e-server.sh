#!/usr/bin/env bash
# The server the e2e suite drives: a fresh embedded database each run, demo data, movable clock.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR=.test-data/e2e
rm -rf "$DATA_DIR"
export ENABLE_TEST_CLOCK=true SEED_DEMO_DATA=true RATE_LIMIT_MAX=${RATE_LIMIT_MAX:-50} LOG_LEVEL=${LOG_LEVEL:-warn}
cd apps/server && exec npx tsx src/main.ts
