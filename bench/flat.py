#!/usr/bin/env python3
"""Cost flat as data grows, whatever the statistics (issue 36, item 7).

One service on PostgreSQL, measured twice with the same request mix: with
16 users, then with 20,000 more accounts (each a copy of an account the
API made: its profile, an old one-day plan and an active seven-day plan of
four meals a day, and a revoked token), and no `ANALYZE` after they came:
autovacuum is turned off on every table, and the service is not restarted
(its start-up `ANALYZE` ran on the empty tables). The copies are made by
bulk SQL from the rows the API wrote, so they have the API's shapes; 20,000
accounts through the API would take most of an hour here.

The mix: GET plan/current (`PLAN_CACHE_MB=0`: every read reads the plan),
its summary, a status change alone (c=1) and many at once (c=32, batched),
GET and PUT profile, GET daily-menu, a swap (PUT meal-detail), each with
the owner's token, with wrk; generate and re-balance (CPU-bound and
bounded: 429/503 counted, not fatal) with a Python loop of two clients.
Prints req/s and p50 of each at both sizes and their ratio (goal: at least
0.8), and the sequential scans of tables over 10,000 rows while the large
mix ran (`pg_stat_user_tables`, goal: none).

Usage: python3 bench/flat.py [--users 20000] [--duration 5] [--no-build]
       [--binary target/release/mealplan]
       [--postgres postgres://postgres@127.0.0.1:5432/postgres]
Needs wrk and psql; reuses bench/throughput.py's service, users and wrk.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

import throughput
from localhttp import raw_request
from throughput import PROFILE, Service, call, each_own_script, rotate_script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIG = 10_000


def psql(url, sql):
    """Rows of `sql` (tab-separated fields)."""
    out = subprocess.run(["psql", url, "-AtqF", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                         capture_output=True, text=True, check=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def copy(url, table, overrides, source):
    """INSERT INTO `table` SELECT … `source`: every column of `t` but `id`
    and those `overrides` gives an expression for."""
    columns = [r[0] for r in psql(url, f"SELECT column_name FROM information_schema.columns "
                                       f"WHERE table_schema = current_schema() AND table_name = "
                                       f"'{table}' ORDER BY ordinal_position")]
    names = [c for c in columns if c != "id"]
    values = [overrides.get(c, f"t.{c}") for c in names]
    psql(url, f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(values)} {source}")


def grow(url, template_user, old_plan, active_plan, copies):
    """`copies` accounts, each a copy of the template's rows."""
    last = int(psql(url, "SELECT MAX(id) FROM users")[0][0])
    for (table,) in psql(url, "SELECT relname FROM pg_stat_user_tables"):
        psql(url, f"ALTER TABLE {table} SET (autovacuum_enabled = false)")
    copy(url, "users", {"name": "'Bench copy'", "email": "'copy-' || g || '@example.com'"},
         f"FROM users t, generate_series(1, {copies}) g WHERE t.id = {template_user}")
    filler = f"JOIN users u ON u.id > {last}"
    copy(url, "profiles", {"user_id": "u.id"},
         f"FROM profiles t {filler} WHERE t.user_id = {template_user}")
    for plan, active in ((old_plan, 0), (active_plan, 1)):
        copy(url, "plans", {"user_id": "u.id", "active": str(active)},
             f"FROM plans t {filler} WHERE t.id = {plan}")
        mine = (f"FROM plans p JOIN users u ON u.id = p.user_id AND u.id > {last} "
                f"AND p.active = {active}")
        copy(url, "daily_menus", {"plan_id": "p.id"},
             f"{mine} JOIN daily_menus t ON t.plan_id = {plan}")
        copy(url, "meal_details", {"daily_menu_id": "d.id"},
             f"{mine} JOIN daily_menus d ON d.plan_id = p.id "
             f"JOIN daily_menus td ON td.plan_id = {plan} AND td.day_of_week = d.day_of_week "
             f"JOIN meal_details t ON t.daily_menu_id = td.id")
    psql(url, "INSERT INTO revoked_tokens (jti, user_id, expires_at) SELECT 'copy-' || id, id, "
              f"now() + interval '1 day' FROM users WHERE id > {last}")


def sizes(url):
    return {r[0]: int(r[1]) for r in psql(
        url, "SELECT relname, n_live_tup FROM pg_stat_user_tables ORDER BY relname")}


def seq_scans(url):
    return {r[0]: int(r[1]) for r in psql(
        url, "SELECT relname, COALESCE(seq_scan, 0) FROM pg_stat_user_tables")}


def unanalyzed(url):
    """Big tables PostgreSQL has no statistics of since they grew."""
    return [r[0] for r in psql(
        url, f"SELECT relname FROM pg_stat_user_tables WHERE n_live_tup > {BIG} AND "
             f"(COALESCE(last_analyze, last_autoanalyze) IS NULL OR n_mod_since_analyze > {BIG}) "
             "ORDER BY relname")]


def wrk(base, connections, duration, script):
    """throughput.wrk, with non-2xx answers counted instead of fatal."""
    try:
        r = throughput.wrk(base, "/", connections, duration, script=script)
        r["errors"] = 0
        return r
    except SystemExit as e:
        text = str(e)
        rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
        errors = re.search(r": (\d+) non-2xx", text)
        return {"rps": float(rps.group(1)) if rps else 0.0, "p50": float("nan"),
                "p99": float("nan"), "errors": int(errors.group(1)) if errors else -1}


def loop(port, requests, clients, duration):
    """req/s (2xx) of `clients` threads sending `requests` (method, path,
    body, token) in turn for `duration` seconds; p50 ms; other answers."""
    stop = time.monotonic() + duration
    lock = threading.Lock()
    done, latencies, others = [0], [], [0]

    def work(offset):
        i = offset
        while time.monotonic() < stop:
            method, path, body, token = requests[i % len(requests)]
            i += clients
            started = time.monotonic()
            status, _ = raw_request(port, method, path, body, token)
            with lock:
                if status < 300:
                    done[0] += 1
                    latencies.append((time.monotonic() - started) * 1000)
                else:
                    others[0] += 1

    threads = [threading.Thread(target=work, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    latencies.sort()
    p50 = latencies[len(latencies) // 2] if latencies else float("nan")
    return {"rps": done[0] / duration, "p50": p50, "p99": float("nan"), "errors": others[0]}


def mix(svc, tmp, users, duration, label):
    """Each endpoint of the mix in turn; {endpoint: figures}."""
    base, port = svc.base, svc.port
    out = {}

    def own(name, method, requests):
        return each_own_script(tmp, f"{name}-{label}.lua", method, requests)

    def plan_of(token):
        p = call(base, "GET", "/api/plan/current", token=token)
        return [(m["id"], m["recipe_id"]) for d in p["daily_menus"] for m in d["meal_details"]]

    plans = {token: plan_of(token) for token in users}
    days = {token: call(base, "GET", "/api/plan/current", token=token)["daily_menus"][0]["id"]
            for token in users}
    gets = {
        "GET plan/current": "/api/plan/current",
        "GET plan/current/summary": "/api/plan/current/summary",
        "GET profile": "/api/profile",
    }
    for name, path in gets.items():
        out[name] = wrk(base, 32, duration, own(name.split()[1].replace("/", "_"), "GET",
                                                 [(path, t) for t in users]))
    out["GET daily-menu"] = wrk(base, 32, duration, own(
        "day", "GET", [(f"/api/daily-menu/{days[t]}", t) for t in users]))
    status = own("status", "PUT", [(f"/meal-detail/{plans[t][0][0]}/status?status={i % 2}", t)
                                   for t in users for i in range(2)])
    out["PUT status, alone (c=1)"] = wrk(base, 1, duration, status)
    out["PUT status, batched (c=32)"] = wrk(base, 32, duration, status)
    token0 = users[0]
    put = rotate_script(tmp, f"put-{label}.lua", "PUT", ["/api/profile"],
                        {"authorization": f"Bearer {token0}", "content-type": "application/json"},
                        PROFILE)
    out["PUT profile"] = wrk(base, 32, duration, put)
    swap = own("swap", "PUT", [(f"/meal-detail/{plans[t][1][0]}?recipe_id={plans[t][1][1]}", t)
                               for t in users])
    out["PUT meal-detail (swap)"] = wrk(base, 32, duration, swap)
    out["POST plan/generate"] = loop(port, [("POST", "/api/plan/generate", {"days": 2, "seed": i}, t)
                                            for i, t in enumerate(users)], 2, duration)
    out["POST plan/current/rebalance"] = loop(
        port, [("POST", "/api/plan/current/rebalance", {}, t) for t in users], 2, duration)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--users", type=int, default=20_000)
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--binary")
    ap.add_argument("--postgres", default=os.environ.get(
        "MEALPLAN_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres"))
    args = ap.parse_args()
    if not args.no_build and not args.binary:
        subprocess.run(["cargo", "build", "--release", "-p", "mealplan"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    binary = args.binary or os.path.join(target, "release/mealplan")
    tmp = tempfile.mkdtemp(prefix="flat-")
    log = open(os.path.join(tmp, "service.log"), "w")
    name = f"mealplan_flat_{os.getpid()}"
    admin = args.postgres
    subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {name}"], check=True)
    url = admin.rsplit("/", 1)[0] + "/" + name
    os.environ["PLAN_CACHE_MB"] = "0"
    svc = None
    try:
        svc = Service(binary, url, log)
        base = svc.base
        users = [throughput.user(base, n)[0] for n in range(16)]
        # The template of the copies: an old one-day plan and an active
        # seven-day plan, four meals a day.
        token = call(base, "POST", "/auth/register",
                     {"name": "Template", "email": "template@example.com",
                      "password": "password123"})["access_token"]
        call(base, "PUT", "/api/profile", PROFILE, token)
        old = call(base, "POST", "/api/plan/generate", {"days": 1, "seed": 1}, token)
        active = call(base, "POST", "/api/plan/generate", {"days": 7, "seed": 2}, token)
        template = int(psql(url, "SELECT id FROM users WHERE email = 'template@example.com'")[0][0])
        small = mix(svc, tmp, users, args.duration, "small")
        started = time.monotonic()
        grow(url, template, old["id"], active["id"], args.users)
        grown = time.monotonic() - started
        time.sleep(11)  # the counters of every server process are in
        before = seq_scans(url)
        table_sizes = sizes(url)
        missing = unanalyzed(url)
        large = mix(svc, tmp, users, args.duration, "large")
        time.sleep(11)
        after = seq_scans(url)
    finally:
        if svc:
            svc.stop()
        log.close()
        subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"])

    print(f"\n{args.users} accounts copied in {grown:.0f} s; rows: " +
          ", ".join(f"{t} {n}" for t, n in table_sizes.items() if n > BIG))
    print(f"big tables without statistics while measured: {', '.join(missing) or 'none'}")
    print(f"\n| endpoint | 16 users req/s | p50 ms | {args.users + 17:,} users req/s | p50 ms "
          "| ratio |")
    print("|---|---|---|---|---|---|")
    worst = None
    for endpoint, s in small.items():
        g = large[endpoint]
        ratio = g["rps"] / s["rps"] if s["rps"] else float("nan")
        worst = ratio if worst is None else min(worst, ratio)
        errors = "".join(f" ({r['errors']} refused)" for r in (s, g) if r["errors"])
        print(f"| {endpoint} | {s['rps']:.0f} | {s['p50']:.2f} | {g['rps']:.0f} | "
              f"{g['p50']:.2f} | {ratio:.2f}{errors} |")
    print(f"\nlowest ratio: {worst:.2f} (goal: >= 0.80)")
    scanned = {t: after.get(t, 0) - n for t, n in before.items()
               if table_sizes.get(t, 0) > BIG and after.get(t, 0) > n}
    print("sequential scans of tables over 10,000 rows during the large mix: "
          + (", ".join(f"{t} {n}" for t, n in scanned.items()) or "none"))


if __name__ == "__main__":
    sys.exit(main())
