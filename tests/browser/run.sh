#!/usr/bin/env bash
# Browser end-to-end test: the original SmartEat AI web frontend
# (../shared/clients/smart-eat-ai-frontend, unmodified except for its base
# URL) driven by headless Chromium (playwright-core) against a freshly started
# mealplan service. See tests/browser/README.md.
#
# Usage: tests/browser/run.sh            (from anywhere; needs node, npm, curl)
# Environment (all optional):
#   E2E_FRONTEND_SRC   the frontend folder (default ../shared/clients/smart-eat-ai-frontend)
#   E2E_API_PORT       service port (default 18765; the frontend build embeds it,
#                      so a fixed port lets the build be reused between runs)
#   E2E_FRONT_PORT     frontend port (default: a free one)
#   E2E_MEALPLAN_BIN   service binary (default: cargo build --bin mealplan, target/debug/mealplan)
#   CHROMIUM           browser binary (default /usr/bin/chromium, installed with apt-get if absent)
# Everything it builds or caches lives in target/browser/; screenshots in
# target/browser/screenshots/, server logs in target/browser/logs/.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

t0=$SECONDS
phase() { echo "== browser e2e: $* ($((SECONDS - t0)) s)"; }

front_src="${E2E_FRONTEND_SRC:-$repo/../shared/clients/smart-eat-ai-frontend}"
work="$repo/target/browser"
harness="$work/harness"
front="$work/frontend"
shots="$work/screenshots"
logs="$work/logs"
npm_cache="$work/npm-cache"
chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
original_base="https://smart-eat-ai-backend.onrender.com"

[ -d "$front_src" ] || { echo "FATAL: frontend not found at $front_src" >&2; exit 1; }
mkdir -p "$work" "$harness" "$logs"
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false

sha() { sha256sum | cut -d' ' -f1; }
# A fingerprint of a folder's files (names and contents), leaving out build output.
tree_sha() {
  (cd "$1" && find . \( -name node_modules -o -name .next \) -prune -o -type f ! -name '.e2e-*' -print0 |
    LC_ALL=C sort -z | xargs -0 sha256sum | sha)
}
port_free() { node -e 'const s=require("net").createServer();s.once("error",()=>process.exit(1));s.listen(+process.argv[1],"127.0.0.1",()=>s.close())' "$1"; }
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# ---------------------------------------------------------------- 1. browser
if [ ! -x "$chromium_bin" ]; then
  phase "installing chromium (apt-get)"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium > "$logs/apt.log" 2>&1 ||
    { tail -20 "$logs/apt.log" >&2; exit 1; }
fi
"$chromium_bin" --version 2>/dev/null || true

# ---------------------------------------------------------------- 2. harness (playwright-core, @fontsource/figtree)
cp "$here/package.json" "$here/package-lock.json" "$harness/"
harness_stamp="$(cat "$here/package-lock.json" | sha)"
if [ ! -d "$harness/node_modules" ] || [ "$(cat "$harness/.stamp" 2>/dev/null)" != "$harness_stamp" ]; then
  phase "npm ci (test harness)"
  (cd "$harness" && npm ci --no-audit --no-fund --cache "$npm_cache" --loglevel=error)
  echo "$harness_stamp" > "$harness/.stamp"
fi
export E2E_NODE_MODULES="$harness/node_modules"

# ---------------------------------------------------------------- 3. ports
api_port="${E2E_API_PORT:-18765}"
if ! port_free "$api_port"; then
  echo "port $api_port is busy; using another one (the frontend will be rebuilt)"
  api_port="$(free_port)"
fi
front_port="${E2E_FRONT_PORT:-$(free_port)}"
while [ "$front_port" = "$api_port" ]; do front_port="$(free_port)"; done
api_url="http://127.0.0.1:$api_port"
front_url="http://127.0.0.1:$front_port"

# ---------------------------------------------------------------- 4. frontend copy, npm ci, next build
phase "frontend: copying, base URL -> $api_url"
mkdir -p "$front"
chmod u+w "$front"
# The shared folder may be read-only; the copy is made writable.
find "$front" -mindepth 1 -maxdepth 1 ! -name node_modules ! -name .next ! -name '.e2e-*' -exec chmod -R u+w {} + -exec rm -rf {} +
(cd "$front_src" && find . -mindepth 1 -maxdepth 1 ! -name node_modules ! -name .next -exec cp -R {} "$front/" \;)
find "$front" -mindepth 1 -maxdepth 1 ! -name node_modules ! -name .next -exec chmod -R u+w {} +
# Only the base URL changes, and only in .ts/.tsx files.
find "$front" \( -name node_modules -o -name .next \) -prune -o -type f \( -name '*.ts' -o -name '*.tsx' \) -print0 |
  xargs -0 grep -lZF "$original_base" | xargs -0 -r sed -i "s#${original_base//./\\.}#$api_url#g"
if grep -rqF --include='*.ts' --include='*.tsx' --exclude-dir=node_modules --exclude-dir=.next "$original_base" "$front"; then
  echo "FATAL: $original_base is still in the frontend copy" >&2; exit 1
fi

deps_stamp="$(cat "$front/package-lock.json" | sha)"
if [ ! -d "$front/node_modules" ] || [ "$(cat "$front/.e2e-deps-stamp" 2>/dev/null)" != "$deps_stamp" ]; then
  phase "frontend: npm ci"
  rm -f "$front/.e2e-deps-stamp" "$front/.e2e-build-stamp"
  (cd "$front" && npm ci --no-audit --no-fund --cache "$npm_cache" --loglevel=error)
  echo "$deps_stamp" > "$front/.e2e-deps-stamp"
fi

build_stamp="$( (tree_sha "$front"; cat "$here/font-mock.cjs" "$here/package-lock.json"; node --version) | sha)"
if [ ! -f "$front/.next/BUILD_ID" ] || [ "$(cat "$front/.e2e-build-stamp" 2>/dev/null)" != "$build_stamp" ]; then
  phase "frontend: next build (fonts from @fontsource/figtree)"
  rm -f "$front/.e2e-build-stamp"
  (cd "$front" && NEXT_FONT_GOOGLE_MOCKED_RESPONSES="$here/font-mock.cjs" npm run build > "$logs/next-build.log" 2>&1) ||
    { tail -40 "$logs/next-build.log" >&2; echo "FATAL: next build failed (log: $logs/next-build.log)" >&2; exit 1; }
  echo "$build_stamp" > "$front/.e2e-build-stamp"
else
  phase "frontend: build unchanged, reusing it"
fi

# ---------------------------------------------------------------- 5. the service
if [ -n "${E2E_MEALPLAN_BIN:-}" ]; then
  bin="$E2E_MEALPLAN_BIN"
else
  phase "cargo build --bin mealplan"
  cargo build --bin mealplan --quiet
  bin="$repo/target/debug/mealplan"
fi

dbdir="$(mktemp -d)"
pids=()
cleanup() {
  local rc=$?
  for pid in "${pids[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$dbdir"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

wait_http() { # url seconds pid what
  local i
  for ((i = 0; i < $2 * 5; i++)); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$1" || true)" = 200 ] && return 0
    kill -0 "$3" 2>/dev/null || { echo "FATAL: $4 exited; log:" >&2; tail -30 "$5" >&2; exit 1; }
    sleep 0.2
  done
  echo "FATAL: $4 did not answer 200 at $1 within $2 s; log:" >&2; tail -30 "$5" >&2; exit 1
}

phase "starting mealplan on $api_url"
DATABASE_URL="sqlite://$dbdir/e2e.db" BIND="127.0.0.1:$api_port" \
  CORS_ALLOWED_ORIGINS="$front_url" BCRYPT_COST=4 AUTH_RATE_LIMIT_PER_MINUTE=0 \
  JWT_SECRET="$(head -c 48 /dev/urandom | base64 | tr -d '\n')" RUST_LOG="${RUST_LOG:-info}" LOG_FORMAT=json \
  setsid "$bin" serve > "$logs/service.log" 2>&1 &
pids+=($!)
wait_http "$api_url/ready" 60 "${pids[-1]}" mealplan "$logs/service.log"

phase "starting the frontend on $front_url"
(cd "$front" && exec setsid node_modules/.bin/next start -H 127.0.0.1 -p "$front_port") > "$logs/frontend.log" 2>&1 &
pids+=($!)
wait_http "$front_url/auth" 60 "${pids[-1]}" "next start" "$logs/frontend.log"

# ---------------------------------------------------------------- 6. the flow
phase "running the flow"
rm -rf "$shots"
mkdir -p "$shots"
set +e
FRONT_URL="$front_url" API_URL="$api_url" SCREENSHOT_DIR="$shots" CHROMIUM="$chromium_bin" \
  node "$here/flow.mjs"
rc=$?
set -e
if [ "$rc" -ne 0 ]; then
  echo "--- last lines of the service log ($logs/service.log):"
  tail -15 "$logs/service.log" | cut -c1-300
fi
phase "done (screenshots: $shots, logs: $logs)"
exit "$rc"
