#!/usr/bin/env bash
# The whole test suite: static checks, unit and API integration tests against a real PostgreSQL, the production
# smoke test, and the end-to-end journeys in Chromium against the freshly built app.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "install"
npm install --no-audit --no-fund
bash scripts/ensure-chromium.sh
bash scripts/ensure-prometheus.sh

# The suite in two lanes on the machine's cores (a clean clone within 12 minutes). The end-to-end journeys
# are the longest part and wait on the browser and the server as much as they compute, so they start as soon as the
# app is built, in the background (the smoke test after them), while the static checks and the unit and API tests run
# here.
# Each lane's output is kept whole: the journeys' log is printed when they end.
step "build: the web app, packages/domain and the server to JavaScript"
npm run build

mkdir -p test-results
e2e_log=test-results/e2e.log
smoke_log=test-results/smoke.log
smoke_status_file=test-results/smoke.status
rm -f "$smoke_status_file"
# Production runs Node 24 LTS; the machine's Node is the oldest supported (20.19+). The npm package node@24
# ships the binary: its directory first on PATH runs npx, vitest's workers and the smoke test on it. The API suite
# runs once, on the production runtime; the unit tests run on the machine's Node, the production smoke test on both.
node24_bin=$(dirname "$(npx -y -p node@24 node -p process.execPath)")
on_node24() { PATH="$node24_bin:$PATH" "$@"; }
smoke_name="production smoke test (Node $(node -v) and $("$node24_bin/node" -v))"

failed=()
# check <name> <command…>: runs one check in the lane that calls it; a failure is remembered and the lane goes on,
# so one run names every failing check.
check() {
  local name=$1
  shift
  step "$name"
  local started=$SECONDS
  "$@" || failed+=("$name")
  printf '(%s: %d s)\n' "$name" $((SECONDS - started))
}

step "end-to-end journeys in Chromium, then the $smoke_name: started in the background (their logs follow the other checks)"
# A journey that passes only on its retry is not a pass to forget: the summary names it.
# The smoke test (one production install and database, the server started on each Node in turn) is mostly one
# process at a time: after the journeys it runs beside the API suite's workers, and the API suite's set-up (its
# template database, on one core) beside the journeys' end, so neither leaves a core idle.
set -m # the lane gets a process group of its own, so stopping it stops its servers and browsers too
(
  status=0
  npm run test:e2e || status=$?
  node scripts/e2e-summary.mjs test-results/e2e.json || status=$?
  # This lane's own list of failures: the smoke test's is passed back through a file.
  failed=()
  check "$smoke_name" bash scripts/smoke-production.sh node "$node24_bin/node" >"$smoke_log" 2>&1
  echo "${#failed[@]}" >"$smoke_status_file"
  exit "$status"
) >"$e2e_log" 2>&1 &
e2e_pid=$!
set +m
# The journeys' servers and browsers stop with the script, whatever ends it.
trap 'kill -- -"$e2e_pid" 2>/dev/null || true' EXIT

# run_vitest <json report> [args…]: runs vitest, keeping its log beside the report; scripts/vitest-summary.mjs then
# decides (a file that fails outside any test has been seen to leave vitest's exit code at 0) and names what failed.
run_vitest() {
  local report=$1
  shift
  rm -f "$report"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" 2>&1 | tee "${report%.json}.log"
  node scripts/vitest-summary.mjs "$report" "${report%.json}.log"
}

check "typecheck" npm run typecheck
check "lint" npm run lint
check "format" npm run format:check
check "alert rules (promtool check and test rules)" bash scripts/check-alerts.sh
check "unit tests (Node $(node -v))" run_vitest test-results/vitest-unit.json --project domain --project web --project web-mocking
# Last, as the journeys end and the smoke test begins: three workers, because a worker waits on its server and
# PostgreSQL about a fifth of the time; with two, a core was idle that much (alone on this 2-core machine: two workers
# 178 s, three 147 s, four 153 s). The marketplace model is not among them: it runs last, on its own (below).
model_test=apps/server/src/marketplace-model.test.ts
check "API integration tests (Node $(on_node24 node -v))" on_node24 run_vitest test-results/vitest-api.json --project server --maxWorkers=3 --exclude "$model_test"

step "end-to-end journeys in Chromium and the smoke test: waiting for them to finish"
e2e_status=0
wait "$e2e_pid" || e2e_status=$?
trap - EXIT
cat "$smoke_log" 2>/dev/null || true
[ "$(cat "$smoke_status_file" 2>/dev/null)" = 0 ] || failed+=("$smoke_name")
step "end-to-end journeys in Chromium"
cat "$e2e_log"
[ "$e2e_status" -eq 0 ] || failed+=("end-to-end journeys")

# The marketplace model (at least 200 sequences of 30 or more steps, in 90 s if it can), alone on the machine
# once both lanes are done, so its time is its own; on the production runtime. It prints its seed, its time and, on
# a failure, the command that replays it (npm run test:model -- --seed S --path P).
model_runs=${MODEL_RUNS:-200}
check "marketplace model: $model_runs sequences (Node $(on_node24 node -v))" on_node24 npm run test:model -- --runs "$model_runs"

# The journeys' log came last; what failed or was flaky in the vitest runs is named again here, at the end a reader
# sees (nothing is printed for a clean run).
for report in test-results/vitest-unit.json test-results/vitest-api.json; do
  node scripts/vitest-summary.mjs "$report" "${report%.json}.log" || true
done
step "done in $((SECONDS / 60)) min $((SECONDS % 60)) s"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
