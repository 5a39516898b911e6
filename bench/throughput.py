#!/usr/bin/env python3
"""Throughput side by side: the service on SQLite and on PostgreSQL, and a
bare actix-web handler serving the same `diet_type` bytes, loaded with wrk
at c=1 and c=32 in one run. Prints req/s, p50 and p99 of every load, the
ratios the throughput issue sets targets for (and issue 25's: GET profile,
GET plan/current and PUT status, without a token and by its owner with
one, against a ceiling of exactly one PostgreSQL round trip through the
same pool, `GET /ready`), idle RSS and
start-to-ready. Round trips per request are counted by
`tests/api/roundtrips.rs`.

`PUT /api/profile` on PostgreSQL is also measured beside pgbench on the
same server, in the same run (issue 36, item 6): pgbench runs, with 32
clients and prepared statements, the statements the service sends for
one save (`PGBENCH_SERVICE`: the session read, the profile read, the
conditional UPDATE, each committing on its own) and the transaction the
issue names (`PGBENCH_ISSUE`: BEGIN, the session read, the profile read
FOR UPDATE, the UPDATE, COMMIT), on one user's row (as wrk sends one
token) and over 16 users' rows (wrk sending each user's own token).
`--put-profile` runs only that comparison.

Usage: python3 bench/throughput.py [--duration 8] [--no-build]
       [--put-profile]
       [--postgres postgres://postgres@127.0.0.1:5432/postgres]
Needs wrk (Debian package `wrk`), pgbench (`postgresql-contrib`) and a
PostgreSQL server; only Python's standard library otherwise. Builds
release binaries first unless --no-build.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

from localhttp import free_port

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET = "throughput-benchmark-secret-0123456789abcdef"


def call(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=60) as r:
        text = r.read().decode()
        return json.loads(text) if text else None


def wait_ready(base, timeout=60):
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            with urllib.request.urlopen(base + "/ready", timeout=2) as r:
                if r.status == 200:
                    return time.monotonic() - started
        except Exception:
            pass
        time.sleep(0.005)
    raise SystemExit(f"{base} did not become ready")


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Service:
    def __init__(self, binary, database_url, log):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env.update(
            DATABASE_URL=database_url,
            BIND=f"127.0.0.1:{self.port}",
            JWT_SECRET=SECRET,
            BCRYPT_COST="4",
            AUTH_RATE_LIMIT_PER_MINUTE="0",
            LOGIN_FAILURE_LIMIT="0",
        )
        started = time.monotonic()
        self.proc = subprocess.Popen([binary], env=env, stdout=log, stderr=subprocess.STDOUT)
        wait_ready(self.base)
        self.start_to_ready = time.monotonic() - started

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)


PROFILE = {
    "goal": "maintain_weight", "height": 178, "weight": 76, "body_type": "normal",
    "gender": "male", "meals_per_day": 4, "activity_level": "medium",
    "birth_date": "1990-04-01",
}


def user(base, n):
    token = call(base, "POST", "/auth/register",
                 {"name": f"Bench {n}", "email": f"bench{n}@example.com",
                  "password": "password123"})["access_token"]
    call(base, "PUT", "/api/profile", PROFILE, token)
    plan = call(base, "POST", "/api/plan/generate", {"days": 2, "seed": n}, token)
    meals = [m["id"] for d in plan["daily_menus"] for m in d["meal_details"]]
    return token, meals


def lua(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def rotate_script(tmp, name, method, paths, headers=None, body=None):
    """A wrk script sending `method` to each of `paths` in turn."""
    entries = ",".join(json.dumps(p) for p in paths)
    lines = [f"local paths = {{{entries}}}", "local i = 0"]
    for k, v in (headers or {}).items():
        lines.append(f"wrk.headers[{json.dumps(k)}] = {json.dumps(v)}")
    if body is not None:
        lines.append(f"wrk.body = {json.dumps(json.dumps(body))}")
    lines += [
        f"wrk.method = {json.dumps(method)}",
        "request = function()",
        "  i = i + 1",
        "  return wrk.format(nil, paths[(i % #paths) + 1])",
        "end",
    ]
    return lua(tmp, name, "\n".join(lines) + "\n")


def each_own_script(tmp, name, method, requests, body=None):
    """A wrk script sending `method` to each (path, bearer token) of
    `requests` in turn, each with its own token (wrk.format replaces the
    default headers, so Host is sent too), with JSON `body` if given."""
    lines = ["local reqs = {}", "local i = 0"]
    sent = "nil" if body is None else json.dumps(json.dumps(body))
    for path, token in requests:
        headers = {"Host": "127.0.0.1", "authorization": f"Bearer {token}"}
        if body is not None:
            headers["content-type"] = "application/json"
        fields = ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}" for k, v in headers.items())
        lines.append(f"table.insert(reqs, wrk.format({json.dumps(method)}, "
                     f"{json.dumps(path)}, {{{fields}}}, {sent}))")
    lines += [
        "request = function()",
        "  i = i + 1",
        "  return reqs[(i % #reqs) + 1]",
        "end",
    ]
    return lua(tmp, name, "\n".join(lines) + "\n")


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def wrk(base, path, connections, duration, script=None, headers=None, warmup=1):
    """req/s, p50 and p99 (ms) of `duration` seconds of load, after
    `warmup` seconds of the same load whose figures are dropped (the first
    second after a start or a change of load is not representative)."""
    if warmup:
        wrk(base, path, connections, warmup, script, headers, warmup=0)
    cmd = ["wrk", "-t", "2" if connections > 1 else "1", "-c", str(connections),
           "-d", f"{duration}s", "--latency"]
    for k, v in (headers or {}).items():
        cmd += ["-H", f"{k}: {v}"]
    if script:
        cmd += ["-s", script]
    cmd.append(base + path)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    pct = {}
    for p, value, unit in re.findall(r"^\s+(50|99)(?:\.000)?%\s+([\d.]+)(us|ms|s)\s*$", out, re.M):
        pct[p] = float(value) * UNITS[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise SystemExit(f"{path} at c={connections}: {errors.group(1)} non-2xx answers\n{out}")
    return {"rps": rps, "p50": pct.get("50", float("nan")), "p99": pct.get("99", float("nan"))}


# What one `PUT /api/profile` of an existing profile sends, written for
# pgbench (`:uid` the user; the JTI and values as the bench sends them).
# The session read (`db/users.rs`, `session_of`).
SESSION_SQL = (
    "SELECT users.id, users.name, users.email, users.password_hash, users.security_stamp, "
    "users.created_at, EXISTS (SELECT revoked_tokens.jti FROM revoked_tokens "
    "WHERE revoked_tokens.jti = 'bench-jti') FROM users WHERE users.id = :uid LIMIT 1;\n")


def candidates_sql(table):
    """A list's candidates column (`db/items.rs`) for a body sending none."""
    return (f"COALESCE((SELECT string_agg(CAST(i.id AS TEXT) || ':' || "
            f"COALESCE(CAST(i.owner_id AS TEXT), '') || ':' || i.name, chr(31)) FROM {table} i "
            f"WHERE (i.owner_id IS NULL OR i.owner_id = :uid) AND (0 = 1 OR "
            f"i.name = ANY(string_to_array('', chr(31))))), '')")


def profile_read_sql(lock):
    """The profile read (`db/person_write.rs`, `read_holder`); `lock` adds
    FOR UPDATE of the profile row (the issue's shape)."""
    return (
        "SELECT p.id AS pid, p.body_fat_percentage AS bf, p.calories_target AS cal, "
        "p.protein_target AS pro, p.carbs_target AS carb, p.fat_target AS fat, "
        "p.manual_targets AS man, " + candidates_sql("tastes") + " AS t, "
        + candidates_sql("restrictions") + " AS r, u.name AS uname "
        "FROM users u " + ("JOIN" if lock else "LEFT JOIN")
        + " profiles p ON p.user_id = u.id AND p.name IS NULL WHERE u.id = :uid LIMIT 1"
        + (" FOR UPDATE OF p" if lock else "") + "\n\\gset\n")


# The write (`db/person_write.rs`, `write_person`): every column, taking
# effect only if the values read are still stored.
UPDATE_SQL = (
    "UPDATE profiles SET goal = 'maintain_weight', height = 178, weight = 76, "
    "body_type = 'normal', gender = 'male', meals_per_day = 4, activity_level = 'medium', "
    "birth_date = '1990-04-01', body_fat_percentage = :bf, calories_target = :cal, "
    "protein_target = :pro, carbs_target = :carb, fat_target = :fat, manual_targets = :man, "
    "relation = NULL, updated_at = LOCALTIMESTAMP, name = NULL, tastes_list = '', "
    "restrictions_list = '', diets_list = '' WHERE id = :pid AND body_fat_percentage = :bf "
    "AND calories_target = :cal AND protein_target = :pro AND carbs_target = :carb "
    "AND fat_target = :fat AND manual_targets = :man RETURNING id;\n")

PGBENCH_SERVICE = SESSION_SQL + profile_read_sql(False) + UPDATE_SQL
PGBENCH_ISSUE = "BEGIN;\n" + SESSION_SQL + profile_read_sql(True) + UPDATE_SQL + "COMMIT;\n"


def pgbench(url, tmp, name, script, uids, clients, duration, warmup=1):
    """Transactions per second of `script` run by `clients` clients for
    `duration` seconds, `:uid` drawn from `uids` (consecutive ids)."""
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(f"\\set uid random({min(uids)}, {max(uids)})\n" + script)
    def run(seconds):
        cmd = ["pgbench", "-n", "-M", "prepared", "-c", str(clients), "-j", "2",
               "-T", str(seconds), "-f", path, url]
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    if warmup:
        run(warmup)
    out = run(duration)
    failed = re.search(r"number of failed transactions: (\d+)", out)
    if failed and int(failed.group(1)):
        raise SystemExit(f"pgbench {name}: failed transactions\n{out}")
    return float(re.search(r"tps = ([\d.]+) \(without initial connection time\)", out).group(1))


def put_profile_side_by_side(svc, pg_url, tmp, d):
    """`PUT /api/profile` under wrk beside pgbench running the same
    statements and the issue's transaction, back to back, on one user's
    row and on 16 users' rows: req/s and tps by load, and the load
    average around them."""
    people = []
    for n in range(16):
        reg = call(svc.base, "POST", "/auth/register",
                   {"name": f"Writer {n}", "email": f"writer{n}@example.com",
                    "password": "password123"})
        call(svc.base, "PUT", "/api/profile", PROFILE, reg["access_token"])
        people.append((reg["user"]["id"], reg["access_token"]))
    uids = [uid for uid, _ in people]
    assert uids == list(range(uids[0], uids[0] + 16)), uids
    out = {"load_before": os.getloadavg()}
    one = each_own_script(tmp, "put-one.lua", "PUT", [("/api/profile", people[0][1])], PROFILE)
    out["wrk_one"] = wrk(svc.base, "/", 32, d, script=one)["rps"]
    out["pgbench_service_one"] = pgbench(pg_url, tmp, "service-one.sql", PGBENCH_SERVICE,
                                         uids[:1], 32, d)
    out["pgbench_issue_one"] = pgbench(pg_url, tmp, "issue-one.sql", PGBENCH_ISSUE,
                                       uids[:1], 32, d)
    spread = each_own_script(tmp, "put-16.lua", "PUT",
                             [("/api/profile", token) for _, token in people], PROFILE)
    out["wrk_16"] = wrk(svc.base, "/", 32, d, script=spread)["rps"]
    out["pgbench_service_16"] = pgbench(pg_url, tmp, "service-16.sql", PGBENCH_SERVICE,
                                        uids, 32, d)
    out["pgbench_issue_16"] = pgbench(pg_url, tmp, "issue-16.sql", PGBENCH_ISSUE, uids, 32, d)
    out["load_after"] = os.getloadavg()
    return out


def print_put_profile(r):
    print(f"\nPUT /api/profile beside pgbench (c=32), load average before / after: "
          f"{r['load_before']} / {r['load_after']}")
    print("\n| rows | wrk PUT req/s | pgbench, service's statements, tps | ratio "
          "| pgbench, issue's transaction, tps | ratio | target |\n|---|---|---|---|---|---|---|")
    for rows, key in (("one user's", "one"), ("16 users'", "16")):
        w, s, i = r[f"wrk_{key}"], r[f"pgbench_service_{key}"], r[f"pgbench_issue_{key}"]
        print(f"| {rows} | {w:.0f} | {s:.0f} | {w / s:.2f} | {i:.0f} | {w / i:.2f} | >= 0.50 |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--duration", type=int, default=8)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--put-profile", action="store_true",
                    help="only PUT /api/profile on PostgreSQL beside pgbench")
    ap.add_argument("--postgres", default=os.environ.get(
        "MEALPLAN_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres"))
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-p", "mealplan", "-p",
                        "mealplan-throughput"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    binary = os.path.join(target, "release/mealplan")
    bare_bin = os.path.join(target, "release/bare-diet-type")
    tmp = tempfile.mkdtemp(prefix="throughput-")
    log = open(os.path.join(tmp, "services.log"), "w")
    pg_name = f"mealplan_throughput_{os.getpid()}"
    admin = args.postgres
    subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {pg_name}"], check=True)
    pg_url = admin.rsplit("/", 1)[0] + "/" + pg_name
    results, notes = {}, {}
    if args.put_profile:
        svc = Service(binary, pg_url, log)
        try:
            side = put_profile_side_by_side(svc, pg_url, tmp, args.duration)
        finally:
            svc.stop()
            log.close()
            subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {pg_name} WITH (FORCE)"])
        print_put_profile(side)
        return
    load_before = os.getloadavg()
    bare_port = free_port()
    bare = subprocess.Popen([bare_bin, f"127.0.0.1:{bare_port}"], stdout=log, stderr=log)
    services = {}
    try:
        time.sleep(0.3)
        bare_base = f"http://127.0.0.1:{bare_port}"
        services["sqlite"] = Service(binary, f"sqlite://{tmp}/bench.db", log)
        services["postgres"] = Service(binary, pg_url, log)
        d = args.duration
        for c in (1, 32):
            results[("bare", "diet_type", c)] = wrk(bare_base, "/api/diet_type", c, d)
        for name, svc in services.items():
            users = [user(svc.base, i) for i in range(16)]
            token, meals = users[0]
            auth = {"authorization": f"Bearer {token}"}
            time.sleep(1)
            notes[(name, "idle_rss_mb")] = rss_mb(svc.proc.pid)
            for c in (1, 32):
                results[(name, "diet_type", c)] = wrk(svc.base, "/api/diet_type", c, d)
                # The ceiling: `/ready` is exactly one database round trip
                # (`SELECT 1`) through the same pool and middleware.
                results[(name, "ceiling_one_trip", c)] = wrk(svc.base, "/ready", c, d)
                results[(name, "get_profile", c)] = wrk(svc.base, "/api/profile", c, d, headers=auth)
                results[(name, "get_plan", c)] = wrk(svc.base, "/api/plan/current", c, d, headers=auth)
                put = rotate_script(tmp, f"put-{name}.lua", "PUT", ["/api/profile"],
                                    {"authorization": f"Bearer {token}",
                                     "content-type": "application/json"}, PROFILE)
                results[(name, "put_profile", c)] = wrk(svc.base, "/api/profile", c, d, script=put)
                one = rotate_script(tmp, f"one-{name}.lua", "PUT",
                                    [f"/meal-detail/{meals[0]}/status?status={i % 2}" for i in range(2)])
                results[(name, "status_one_meal", c)] = wrk(svc.base, "/", c, d, script=one)
                spread = rotate_script(tmp, f"spread-{name}.lua", "PUT",
                                       [f"/meal-detail/{u[1][0]}/status?status={i % 2}"
                                        for u in users for i in range(2)])
                results[(name, "status_16_plans", c)] = wrk(svc.base, "/", c, d, script=spread)
                # As the web client sends it: each owner with their token.
                owned = each_own_script(tmp, f"owned-{name}.lua", "PUT",
                                        [(f"/meal-detail/{u[1][0]}/status?status={i % 2}", u[0])
                                         for u in users for i in range(2)])
                results[(name, "status_16_owners", c)] = wrk(svc.base, "/", c, d, script=owned)
                eight = rotate_script(tmp, f"eight-{name}.lua", "PUT",
                                      [f"/meal-detail/{m}/status?status={i % 2}"
                                       for m in meals[:8] for i in range(2)])
                results[(name, "status_8_meals_one_plan", c)] = wrk(svc.base, "/", c, d, script=eight)
        side = put_profile_side_by_side(services["postgres"], pg_url, tmp, d)
        # Start to ready on an existing SQLite database (migrated, seeded).
        services["sqlite"].stop()
        again = Service(binary, f"sqlite://{tmp}/bench.db", log)
        notes[("sqlite", "start_to_ready_ms")] = again.start_to_ready * 1000
        again.stop()
        del services["sqlite"]
    finally:
        for svc in services.values():
            svc.stop()
        bare.terminate()
        log.close()
        subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {pg_name} WITH (FORCE)"])

    print(f"\nload average before / after: {load_before} / {os.getloadavg()}")
    print(f"\n| target | load | c | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|")
    for (target, load, c), r in results.items():
        print(f"| {target} | {load} | {c} | {r['rps']:.0f} | {r['p50']:.2f} | {r['p99']:.2f} |")

    def rps(target, load, c=32):
        return results[(target, load, c)]["rps"]

    print("\n| ratio | value | target |\n|---|---|---|")
    rows = []
    for c in (1, 32):
        for backend in ("sqlite", "postgres"):
            rows.append((f"{backend} diet_type / bare (c={c})",
                         rps(backend, "diet_type", c) / rps("bare", "diet_type", c), ">= 0.70"))
    rows += [
        ("postgres PUT profile / GET profile (c=32)",
         rps("postgres", "put_profile") / rps("postgres", "get_profile"), ">= 0.30"),
        ("postgres status: one meal / 16 plans (c=32)",
         rps("postgres", "status_one_meal") / rps("postgres", "status_16_plans"), ">= 0.70"),
        ("postgres status: 8 meals of one plan / 16 plans (c=32)",
         rps("postgres", "status_8_meals_one_plan") / rps("postgres", "status_16_plans"), ">= 0.90"),
        ("postgres GET profile / one-trip ceiling (c=32)",
         rps("postgres", "get_profile") / rps("postgres", "ceiling_one_trip"), ">= 0.50"),
        ("postgres GET plan/current / one-trip ceiling (c=32)",
         rps("postgres", "get_plan") / rps("postgres", "ceiling_one_trip"), ">= 0.40"),
        ("postgres PUT status / one-trip ceiling (c=32)",
         rps("postgres", "status_16_plans") / rps("postgres", "ceiling_one_trip"), ">= 0.40"),
        ("postgres PUT status by its owner, with a token / one-trip ceiling (c=32)",
         rps("postgres", "status_16_owners") / rps("postgres", "ceiling_one_trip"), ">= 0.40"),
        ("postgres GET profile p99 / p50 (c=32)",
         results[("postgres", "get_profile", 32)]["p99"] / results[("postgres", "get_profile", 32)]["p50"],
         "<= 10"),
    ]
    for name, value, target in rows:
        print(f"| {name} | {value:.2f} | {target} |")
    print_put_profile(side)
    print("\n| measure | value | target |\n|---|---|---|")
    for (backend, what), value in notes.items():
        target = "<= 30" if what == "idle_rss_mb" else "<= 300"
        print(f"| {backend} {what} | {value:.1f} | {target} |")


if __name__ == "__main__":
    sys.exit(main())
