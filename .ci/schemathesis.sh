#!/usr/bin/env bash
# Runs schemathesis (all default checks) against a running service's
# /openapi.json, with a bearer token, over every operation. Fails on any
# failure. Usage: .ci/schemathesis.sh [path to the mealplan binary]
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${1:-target/debug/mealplan}"
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"

DATABASE_URL="sqlite://$work/st.db" BIND="127.0.0.1:$port" BCRYPT_COST=4 \
  AUTH_RATE_LIMIT_PER_MINUTE=0 LOGIN_FAILURE_LIMIT=0 RUST_LOG=warn \
  "$bin" serve > "$work/service.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 100); do
  curl -fs "$base/health" > /dev/null && break
  sleep 0.2
done

# A user with a profile and a generated plan, so meal details exist.
token="$(curl -fs -X POST "$base/auth/register" -H 'content-type: application/json' \
  -d '{"name":"Schema","email":"schema@example.com","password":"password123"}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')"
curl -fs -X PUT "$base/api/profile" -H "Authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"goal":"maintain_weight","height":175,"weight":70,"body_type":"normal","gender":"male","meals_per_day":3,"activity_level":"medium","birth_date":"1990-01-01"}' > /dev/null
curl -fs -X POST "$base/api/plan/generate" -H "Authorization: Bearer $token" -H 'content-type: application/json' -d '{"seed":1}' > /dev/null

# One worker: with two, hypothesis once hit a CPython 3.11 race in
# ast.parse ("AST constructor recursion depth mismatch") and the run
# errored with every test case passed.
python3 -m pip install --quiet --disable-pip-version-check "schemathesis==4.32.5" 2>&1 | grep -v "Running pip as the .root. user" || true
schemathesis run "$base/openapi.json" \
  --header "Authorization: Bearer $token" \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-30}" \
  --exclude-name 'POST /auth/logout' --exclude-name 'POST /auth/logout-all' \
  --seed 1 \
  --workers 1
