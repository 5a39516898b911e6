#!/usr/bin/env bash
# Password reset page in a real browser: starts mealplan on a fresh SQLite
# database, signs up, makes a reset link with `mealplan reset-link`, and has
# headless Chromium (playwright-core) with JavaScript disabled set a new
# password through the page's plain HTML form (reset_page.mjs): mismatched
# and too-short passwords explained by the pages the service answers,
# success said, the new password logging in, a used link refused, no CSP
# violation, nothing loaded from elsewhere.
#
# Usage: tests/browser/reset_page.sh
# Environment (all optional):
#   RESET_PAGE_BIN  service binary (default: cargo build --bin mealplan, then
#                   $CARGO_TARGET_DIR or target/debug/mealplan)
#   CHROMIUM        browser binary (default /usr/bin/chromium, installed with
#                   apt-get if absent)
# Output: target/reset-page/*.png screenshots, service.log. The test harness
# (playwright-core) is installed with npm ci into target/browser/harness, as
# run.sh does. Needs: bash, curl, node 20+, npm.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
out="$repo/target/reset-page"
harness="$repo/target/browser/harness"
chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false

mkdir -p "$out" "$harness"
rm -f "$out"/*.png

if [ ! -x "$chromium_bin" ]; then
  echo "== installing chromium (apt-get)"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium > "$out/apt.log" 2>&1 ||
    { tail -20 "$out/apt.log" >&2; exit 1; }
fi

cp "$here/package.json" "$here/package-lock.json" "$harness/"
stamp="$(sha256sum < "$here/package-lock.json" | cut -d' ' -f1)"
if [ ! -d "$harness/node_modules" ] || [ "$(cat "$harness/.stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "== npm ci (test harness)"
  (cd "$harness" && npm ci --no-audit --no-fund --cache "$repo/target/browser/npm-cache" --loglevel=error)
  echo "$stamp" > "$harness/.stamp"
fi

if [ -n "${RESET_PAGE_BIN:-}" ]; then
  bin="$RESET_PAGE_BIN"
else
  echo "== cargo build --bin mealplan"
  cargo build --quiet --bin mealplan
  bin="$target/debug/mealplan"
fi

work="$(mktemp -d)"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
base="http://127.0.0.1:$port"
export DATABASE_URL="sqlite://$work/reset.db" PUBLIC_BASE_URL="$base" RUST_LOG=warn
BIND="127.0.0.1:$port" JWT_SECRET="reset-page-test-secret-0123456789abcdef" BCRYPT_COST=4 \
  setsid "$bin" serve > "$out/service.log" 2>&1 &
pid=$!
cleanup() { kill -TERM -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

for _ in $(seq 1 150); do
  curl -fs "$base/ready" > /dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "FATAL: mealplan exited:" >&2; tail -20 "$out/service.log" >&2; exit 1; }
  sleep 0.2
done
curl -fs "$base/ready" > /dev/null || { echo "FATAL: mealplan did not get ready" >&2; exit 1; }

email="reset.page@example.com"
curl -fs -H 'content-type: application/json' \
  -d "{\"name\":\"Page Test\",\"email\":\"$email\",\"password\":\"the old password\"}" \
  "$base/auth/register" > /dev/null || { echo "FATAL: sign-up failed" >&2; exit 1; }
link="$("$bin" reset-link "$email" 2> "$out/reset-link.log")"
case "$link" in
  "$base"/reset-password\?token=*) ;;
  *) echo "FATAL: reset-link printed '$link'" >&2; cat "$out/reset-link.log" >&2; exit 1 ;;
esac

LINK="$link" API_URL="$base" EMAIL="$email" SCREENSHOT_DIR="$out" \
  E2E_NODE_MODULES="$harness/node_modules" CHROMIUM="$chromium_bin" \
  timeout 300 node "$here/reset_page.mjs"
echo "screenshots: $out"
