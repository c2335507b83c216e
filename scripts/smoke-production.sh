#!/usr/bin/env bash
# Production smoke test: the Dockerfile's final stage without Docker. Its `COPY --from=build` lines assemble the
# compiled output in a temporary directory, its `npm ci --omit=dev` installs the production dependencies there
# (a clean install: no TypeScript, no tsx), then its CMD starts the server with NODE_ENV=production (from its
# ENV) against a PostgreSQL of its own, and its HEALTHCHECK, GET /health, the web app and a GraphQL query must
# answer. Finally SIGTERM must stop it cleanly. Everything listens on 127.0.0.1; every wait is bounded.
#
#   bash scripts/smoke-production.sh                 # after `npm run build` (it builds when the output is missing)
#   bash scripts/smoke-production.sh node /opt/node24/bin/node   # the same install, started on each Node in turn
#
# With Node binaries named, the install and the database are made once and the server starts on each Node in turn,
# each time on a fresh database (npm test: the machine's Node and Node 24, the production runtime). Unnamed: the
# `node` on PATH.
# DATABASE_URL set: that PostgreSQL is used (its database must be empty or a Listwise one); unset: an embedded
# one, started from the assembled install, in the temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$SECONDS
say() { printf 'smoke: %s\n' "$*"; }
fail() {
  printf 'smoke: FAILED: %s\n' "$*" >&2
  for log in "${work:-}"/*.log; do [ -f "$log" ] && { printf '\n--- %s (last lines)\n' "$log" >&2; tail -n 40 "$log" >&2; }; done
  exit 1
}

# The Nodes to start the server on (npm test: the machine's and Node 24, the production runtime).
nodes=("$@")
[ "${#nodes[@]}" -gt 0 ] || nodes=(node)
for node_binary in "${nodes[@]}"; do
  "$node_binary" -v >/dev/null 2>&1 || fail "'$node_binary' is not a Node binary"
done

if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ] || [ ! -f apps/web/dist/persisted-documents.json ] || [ ! -f apps/web/dist/route-preloads.json ] || [ ! -d packages/domain/dist ]; then
  say "no compiled output yet: npm run build"
  npm run build
fi

# The temporary directory must be enterable by the `postgres` system user when the embedded database runs as
# root (mktemp makes it 0700).
# On a RAM disk when there is one with room: unpacking and removing ~300 MB of node_modules is most of the
# time on a busy disk (SMOKE_TMPDIR chooses).
base=${SMOKE_TMPDIR:-${TMPDIR:-/tmp}}
if [ -z "${SMOKE_TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 2000000 ]; then
  base=/dev/shm
fi
work=$(mktemp -d "$base/listwise-smoke.XXXXXX")
chmod 0755 "$work"
app=$work/app
mkdir -p "$app"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# ---- the final stage of the Dockerfile, read from the file itself (continuation lines joined)
final_stage=$(awk '/\\$/ { sub(/\\$/, ""); printf "%s", $0; next } { print }' Dockerfile | awk '/^FROM .* AS runtime/ { on = 1; next } on')
[ -n "$final_stage" ] || fail "no 'FROM … AS runtime' stage in the Dockerfile"

copies=0
while read -r _ _ source destination rest; do
  [ -z "$rest" ] && [[ $source == /app/* ]] && [[ $destination != */ ]] || fail "unexpected COPY form: COPY --from=build $source $destination $rest"
  mkdir -p "$(dirname "$app/$destination")"
  cp -R "$root/${source#/app/}" "$app/$destination"
  copies=$((copies + 1))
done < <(grep -E '^COPY --from=build ' <<<"$final_stage")
[ "$copies" -ge 5 ] || fail "the Dockerfile's final stage copies $copies things; expected the manifests and the compiled output"

# `RUN npm ci …`, without what follows `&&` (the image also empties npm's cache, which here is the machine's).
install=$(grep -E '^RUN npm ci ' <<<"$final_stage" | sed -E 's/^RUN //; s/ &&.*//')
[ -n "$install" ] || fail "no 'RUN npm ci' in the Dockerfile's final stage"
say "assembled $copies paths; $install"
(cd "$app" && timeout 300 $install --prefer-offline >"$work/npm-ci.log" 2>&1) || fail "$install"
[ ! -e "$app/node_modules/tsx" ] && [ ! -e "$app/node_modules/typescript" ] && [ ! -e "$app/node_modules/vite" ] ||
  fail "development packages (tsx, typescript or vite) in the production install"
say "production install: $(du -sh "$app/node_modules" | cut -f1) in node_modules ($((SECONDS - started)) s so far)"

# ENV lines (KEY=value) and the CMD (exec form).
while read -r _ assignment; do export "${assignment?}"; done < <(grep -E '^ENV [A-Z_]+=[^ ]+$' <<<"$final_stage")
[ "${NODE_ENV:-}" = production ] || fail "the image does not set NODE_ENV=production"
mapfile -t command < <(grep -E '^CMD \[' <<<"$final_stage" | sed -E 's/^CMD //' | node -e 'for (const a of JSON.parse(require("fs").readFileSync(0, "utf8"))) console.log(a)')
[ "${command[0]:-}" = node ] || fail "the image's CMD does not run node: ${command[*]}"
healthcheck=$(grep -E '^HEALTHCHECK ' <<<"$final_stage" | sed -E 's/^.* CMD //')
[ -n "$healthcheck" ] || fail "no HEALTHCHECK in the Dockerfile's final stage"

free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

# wait_for <seconds> <what> <command…>: retries the command every half second until it succeeds.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq 1 $((seconds * 2))); do
    "$@" >/dev/null 2>&1 && return 0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || fail "a process exited while waiting for $what"; done
    sleep 0.5
  done
  fail "$what did not come within $seconds s"
}

# ---- the database: one embedded PostgreSQL, an empty database for each Node's run
database_urls=()
if [ -z "${DATABASE_URL:-}" ]; then
  # node with the CMD's options (the conditions that pick the compiled packages/domain), on a small script.
  (cd "$app" && exec "${command[@]:0:${#command[@]}-1}" --input-type=module -e '
    const { startEmbeddedPostgres } = await import("./apps/server/dist/db/embedded.js");
    const { ensureDatabase } = await import("./apps/server/dist/server.js");
    const database = await startEmbeddedPostgres(process.argv[1]);
    for (let run = 1; run <= Number(process.argv[2]); run++) {
      await ensureDatabase(database.url("postgres"), `listwise_${run}`);
      console.log(`DATABASE_URL=${database.url(`listwise_${run}`)}`);
    }
    console.log("READY");
    process.on("SIGTERM", async () => { await database.stop(); process.exit(0); });
  ' "$work/postgres" "${#nodes[@]}") >"$work/postgres.log" 2>&1 &
  pids+=($!)
  wait_for 120 "the embedded PostgreSQL" grep -q '^READY' "$work/postgres.log"
  mapfile -t database_urls < <(sed -n 's/^DATABASE_URL=//p' "$work/postgres.log")
else
  # A PostgreSQL of the caller's: each run is a start on the same database (the second finds it migrated).
  for _ in "${nodes[@]}"; do database_urls+=("$DATABASE_URL"); done
fi

# ---- the server, as the image runs it, on one Node (production needs its outside services named; nothing here calls
# them)
# smoke_on <node binary> <database URL> <run number>
smoke_on() {
  local node_binary=$1 database_url=$2 run=$3 began=$SECONDS
  local -a run_command=("$node_binary" "${command[@]:1}")
  local port smtp_port server status boot
  port=$(free_port)
  smtp_port=$(free_port) # nothing listens there: no e-mail is sent during the smoke test
  (
    cd "$app"
    export DATABASE_URL=$database_url PORT=$port HOST=127.0.0.1 APP_URL="http://127.0.0.1:$port" DATA_DIR="$work/data-$run"
    export APP_SECRET="smoke-$(head -c 24 /dev/urandom | base64)" SMTP_URL="smtp://127.0.0.1:$smtp_port"
    export STRIPE_SECRET_KEY=sk_test_smoke STRIPE_PUBLISHABLE_KEY=pk_test_smoke
    export LISTWISE_ABN="12 345 678 012" # a made-up ABN with valid check digits (tax invoices)
    exec "${run_command[@]}"
  ) >"$work/server-$run.log" 2>&1 &
  server=$!
  pids+=($server)
  boot=$SECONDS
  wait_for 120 "GET /health" curl -fsS "http://127.0.0.1:$port/health"
  say "healthy after $((SECONDS - boot)) s: $(ps -o args= -p "$server")"
  ps -o args= -p "$server" | grep -q 'dist/main\.js' || fail "the server process does not run the compiled JavaScript"

  (cd "$app" && PORT=$port timeout 10 sh -c "$healthcheck") || fail "the image's HEALTHCHECK failed: $healthcheck"
  # / is the public homepage, rendered on the server for a visitor; the app's own routes serve the built web app.
  # Each page is read whole before it is searched: `curl | grep -q` fails under pipefail when grep stops reading
  # before curl has written all (curl: (23) Failed writing body).
  page() { curl -fsS "http://127.0.0.1:$port$1"; }
  [[ $(page /) == *'application/ld+json'* ]] || fail "GET / does not serve the server-rendered homepage"
  [[ $(page /login) == *'<div id="root"'* ]] || fail "GET /login does not serve the built web app"
  preloads() { page "$1" | grep -c 'rel="modulepreload"' || true; }
  [ "$(preloads /login)" -gt "$(preloads /index.html)" ] || fail "GET /login does not preload the login page's scripts"
  grep -q '"level":30' "$work/server-$run.log" || fail "production logs are not JSON lines"

  node scripts/smoke-graphql.mjs "$port" "$app" || fail "GraphQL"

  # ---- a clean stop
  kill -TERM "$server"
  for _ in $(seq 1 60); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$server" 2>/dev/null && fail "the server did not stop within 30 s of SIGTERM"
  wait "$server" && status=0 || status=$?
  [ "$status" -eq 0 ] || fail "the server exited with status $status after SIGTERM"
  pids=("${pids[@]:0:${#pids[@]}-1}") # the server was the last one started
  say "stopped cleanly; passed in $((SECONDS - began)) s on Node $("$node_binary" -v)"
}

run=0
for node_binary in "${nodes[@]}"; do
  run=$((run + 1))
  smoke_on "$node_binary" "${database_urls[$((run - 1))]}" "$run"
done
say "passed in $((SECONDS - started)) s on ${#nodes[@]} Node version(s)"
