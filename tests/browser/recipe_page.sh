#!/usr/bin/env bash
# Recipe page test in a real browser: starts mealplan on a fresh SQLite
# database, follows each recipe's `recipe_url` from GET /api/recipes/{id},
# opens the page in headless Chromium at phone and desktop widths, checks
# that the rendered DOM shows the API's name, ingredient lines, steps,
# times and nutrition, prints it to PDF, checks an unknown id gets the 404
# page, and saves screenshots.
#
# Usage: tests/browser/recipe_page.sh [recipe id ...]   (default: 1048 3084 4031)
# Environment (all optional):
#   RECIPE_PAGE_BIN  service binary (default: cargo build --bin mealplan, then
#                    $CARGO_TARGET_DIR or target/debug/mealplan)
#   CHROMIUM         browser binary (default /usr/bin/chromium, installed with
#                    apt-get if absent)
# Output: target/recipe-page/{id}-phone.png, {id}-desktop.png, {id}.pdf,
# not-found.png; the service log in target/recipe-page/service.log.
# Needs: bash, curl, python3.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
out="$repo/target/recipe-page"
chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
ids=("$@")
[ ${#ids[@]} -gt 0 ] || ids=(1048 3084 4031)

mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.pdf "$out"/*.html "$out"/*.check

if [ ! -x "$chromium_bin" ]; then
  echo "== installing chromium (apt-get)"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium > "$out/apt.log" 2>&1 ||
    { tail -20 "$out/apt.log" >&2; exit 1; }
fi

if [ -n "${RECIPE_PAGE_BIN:-}" ]; then
  bin="$RECIPE_PAGE_BIN"
else
  echo "== cargo build --bin mealplan"
  cargo build --quiet --bin mealplan
  bin="$target/debug/mealplan"
fi

work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
base="http://127.0.0.1:$port"
DATABASE_URL="sqlite://$work/page.db" BIND="127.0.0.1:$port" RUST_LOG=warn \
  JWT_SECRET="recipe-page-test-secret-0123456789abcdef" \
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
# Make sure the service answering is this one (another process could hold the port).
sleep 0.5
kill -0 "$pid" 2>/dev/null || { echo "FATAL: mealplan exited:" >&2; tail -20 "$out/service.log" >&2; exit 1; }

browser() { # chromium in headless mode with the given extra flags and URL
  timeout 180 "$chromium_bin" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --no-first-run --disable-extensions "$@" 2>> "$out/chromium.log"
}

failed=0
for id in "${ids[@]}"; do
  curl -fs "$base/api/recipes/$id" > "$out/$id.json" || { echo "FAIL $id: GET /api/recipes/$id"; failed=1; continue; }
  url="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["recipe_url"] or "")' "$out/$id.json")"
  # An absolute URL under the service's own address (PUBLIC_BASE_URL, or
  # the bind address), or a path when neither names a host.
  case "$url" in
    "$base"/recipes/*) page="$url" ;;
    /recipes/*) page="$base$url" ;;
    *) echo "FAIL $id: recipe_url is not this service's page: '$url'"; failed=1; continue ;;
  esac
  check_page() { python3 - "$out/$id.json" "$out/$id.html" <<'PY'
import html, json, re, sys
recipe = json.load(open(sys.argv[1]))
dom = open(sys.argv[2], encoding="utf-8").read()
problems = []
def has(text, what):
    if html.escape(text, quote=False) not in dom and text not in dom:
        problems.append(f"missing {what}: {text!r}")
has(recipe["name"], "name")
for line in recipe["ingredient_lines"]:
    has(line["name"], "ingredient")
    has(line["display"], "ingredient amount")
steps = re.search(r'<ol class="steps">(.*?)</ol>', dom, re.S)
items = re.findall(r"<li>(.*?)</li>", steps.group(1), re.S) if steps else []
shown = [html.unescape(i).strip() for i in items]
if shown != recipe["steps"]:
    problems.append(f"steps differ: page {shown!r} vs API {recipe['steps']!r}")
for label, value in [("Prep", recipe["prep_minutes"]), ("Cook", recipe["cook_minutes"])]:
    if not re.search(rf"<b>{label}</b> [^<]*", dom):
        problems.append(f"missing {label} time")
has(f"{recipe['calories']} kcal", "calories")
has(f"{recipe['sodium']} mg", "sodium")
if re.search(r'(src|href)="(https?:)?//', dom) or "<script" in dom or "<link" in dom:
    problems.append("the page loads something from elsewhere")
if problems:
    print("\n".join(problems))
    sys.exit(1)
PY
  }
  browser --window-size=390,844 --dump-dom "$page" > "$out/$id.html" || true
  # A loaded machine can cut a dump short: look twice before failing.
  if ! check_page > "$out/$id.check" 2>&1; then
    sleep 2
    browser --window-size=390,844 --dump-dom "$page" > "$out/$id.html" || true
  fi
  if ! check_page; then
    echo "FAIL $id: the page does not show the API's content ($page)"; failed=1
  else
    echo "ok   $id: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["name"], "-", len(r["steps"]), "steps,", len(r["ingredient_lines"]), "ingredients")' "$out/$id.json")"
  fi
  browser --window-size=390,2200 --screenshot="$out/$id-phone.png" "$page" > /dev/null
  browser --window-size=1280,1100 --screenshot="$out/$id-desktop.png" "$page" > /dev/null
  browser --no-pdf-header-footer --print-to-pdf="$out/$id.pdf" "$page" > /dev/null
  for f in "$out/$id-phone.png" "$out/$id-desktop.png" "$out/$id.pdf"; do
    [ -s "$f" ] || { echo "FAIL $id: $f was not written"; failed=1; }
  done
done

status="$(curl -s -o /dev/null -w '%{http_code}' "$base/recipes/999999")"
browser --window-size=390,844 --dump-dom "$base/recipes/999999" > "$out/not-found.html"
browser --window-size=390,844 --screenshot="$out/not-found.png" "$base/recipes/999999" > /dev/null
if [ "$status" = 404 ] && grep -q "Recipe not found" "$out/not-found.html"; then
  echo "ok   unknown recipe: 404 page"
else
  echo "FAIL unknown recipe: status $status"; failed=1
fi

echo "screenshots and PDFs: $out"
exit "$failed"
