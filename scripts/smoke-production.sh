#!/usr/bin/env bash
# Production smoke test: the Dockerfile's final stage without Docker. Its `COPY --from=build` lines assemble the
# compiled output in a temporary directory, its `npm ci --omit=dev` installs the production dependencies there
# (a clean install: no TypeScript, no tsx), then its CMD starts the server with NODE_ENV=production (from its
# ENV) against a PostgreSQL of its own, and its HEALTHCHECK, GET /health, the web app and a GraphQL query must
# answer. Finally SIGTERM must stop it cleanly. Everything listens on 127.0.0.1; every wait is bounded.
#
#   bash scripts/smoke-production.sh      # after `npm run build` (it builds when the compiled output is missing)
#
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

# ---- the database
if [ -z "${DATABASE_URL:-}" ]; then
  # node with the CMD's options (the conditions that pick the compiled packages/domain), on a small script.
  (cd "$app" && exec "${command[@]:0:${#command[@]}-1}" --input-type=module -e '
    const { startEmbeddedPostgres } = await import("./apps/server/dist/db/embedded.js");
    const { ensureDatabase } = await import("./apps/server/dist/server.js");
    const database = await startEmbeddedPostgres(process.argv[1]);
    await ensureDatabase(database.url("postgres"), "listwise");
    console.log(`DATABASE_URL=${database.url("listwise")}`);
    process.on("SIGTERM", async () => { await database.stop(); process.exit(0); });
  ' "$work/postgres") >"$work/postgres.log" 2>&1 &
  pids+=($!)
  wait_for 120 "the embedded PostgreSQL" grep -q '^DATABASE_URL=' "$work/postgres.log"
  DATABASE_URL=$(sed -n 's/^DATABASE_URL=//p' "$work/postgres.log")
fi

# ---- the server, as the image runs it (production needs its outside services named; nothing here calls them)
port=$(free_port)
smtp_port=$(free_port) # nothing listens there: no e-mail is sent during the smoke test
(
  cd "$app"
  export DATABASE_URL PORT=$port HOST=127.0.0.1 APP_URL="http://127.0.0.1:$port" DATA_DIR="$work/data"
  export APP_SECRET="smoke-$(head -c 24 /dev/urandom | base64)" SMTP_URL="smtp://127.0.0.1:$smtp_port"
  export STRIPE_SECRET_KEY=sk_test_smoke STRIPE_PUBLISHABLE_KEY=pk_test_smoke
  export LISTWISE_ABN="12 345 678 012" # a made-up ABN with valid check digits (tax invoices)
  exec "${command[@]}"
) >"$work/server.log" 2>&1 &
server=$!
pids+=($server)
boot=$SECONDS
wait_for 120 "GET /health" curl -fsS "http://127.0.0.1:$port/health"
say "healthy after $((SECONDS - boot)) s: $(ps -o args= -p "$server")"
ps -o args= -p "$server" | grep -q 'dist/main\.js' || fail "the server process does not run the compiled JavaScript"

(cd "$app" && PORT=$port timeout 10 sh -c "$healthcheck") || fail "the image's HEALTHCHECK failed: $healthcheck"
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root"' || fail "GET / does not serve the built web app"
preloads() { curl -fsS "http://127.0.0.1:$port$1" | grep -c 'rel="modulepreload"' || true; }
[ "$(preloads /login)" -gt "$(preloads /index.html)" ] || fail "GET /login does not preload the login page's scripts"
grep -q '"level":30' "$work/server.log" || fail "production logs are not JSON lines"

node scripts/smoke-graphql.mjs "$port" "$app" || fail "GraphQL"

# ---- a clean stop
kill -TERM "$server"
for _ in $(seq 1 60); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
kill -0 "$server" 2>/dev/null && fail "the server did not stop within 30 s of SIGTERM"
wait "$server" && status=0 || status=$?
[ "$status" -eq 0 ] || fail "the server exited with status $status after SIGTERM"
pids=("${pids[@]:0:${#pids[@]}-1}") # the server was the last one started
say "stopped cleanly; passed in $((SECONDS - started)) s on Node $(node -v)"
