#!/usr/bin/env python3
"""Heavy plan searches against everyone else's latency (issue 35).

Starts the service (release build by default) on a fresh database with the
production bcrypt cost and no rate limits, and sets up ACCOUNTS households of
13 people (the holder and 12 members) whose week was generated with tight
tolerances (1% calories, 1% macros): re-balancing such a week is the heaviest
request there is (4.7 CPU-s unbounded). A bystander has an ordinary plan.

Then it measures, for the bystander, a login (one bcrypt verification) and
`GET /api/plan/current`, one after the other:

- alone (the baseline);
- during 12 concurrent re-balances from ONE account;
- during 12 concurrent re-balances from 12 accounts;

and for each burst the answers (status, Retry-After, `cut_short`, time), and
whether work went on after the last answer: `planner_searches_running` from
`/metrics` right after it, and the service's CPU time in the second after it.

Usage: python3 bench/planning_load.py [--bin target/release/mealplan]
       [--database-url postgres://…] [--accounts 12] [--cost 12]
       [--env PLAN_SEARCHES=1024 --env PLAN_SEARCH_BUDGET_MS=600000 …]
Only the Python standard library is needed. `--env` entries are passed to the
service (e.g. to measure it unbounded).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from localhttp import free_port
from localhttp import raw_request as request


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


PROFILE = {"goal": "maintain_weight", "height": 178, "weight": 76, "body_type": "normal",
           "gender": "male", "meals_per_day": 5, "activity_level": "medium",
           "birth_date": "1985-05-05"}


def member(i):
    """Twelve different people: ages, sizes, meals and rules vary."""
    return {
        "name": f"Member {i}", "goal": ["lose_weight", "maintain_weight", "gain_weight"][i % 3],
        "height": 150 + 3 * i, "weight": 48 + 4 * i, "body_type": ["lean", "normal", "stocky"][i % 3],
        "gender": ["female", "male"][i % 2], "meals_per_day": 3 + i % 4,
        "activity_level": ["low", "medium", "high"][i % 3],
        "birth_date": f"{1950 + 4 * i}-0{1 + i % 9}-1{i % 9}",
        "restrictions": [{"name": "peanut allergy"}] if i % 4 == 0 else [],
        "diet_types": ["vegetarian"] if i % 5 == 0 else [],
    }


def cpu_seconds(pid):
    """User + system CPU time of a process, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def gauge(port, name):
    status, data = request(port, "GET", "/metrics")
    assert status == 200, status
    for line in data.decode().splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def call(port, method, path, body=None, token=None):
    """(status, parsed body, headers, seconds)."""
    import http.client
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    res = conn.getresponse()
    data = res.read()
    conn.close()
    elapsed = time.perf_counter() - started
    try:
        parsed = json.loads(data) if data else None
    except ValueError:
        parsed = None
    return res.status, parsed, dict(res.getheaders()), elapsed


def probe(port, login, token, stop, out):
    """Times a login and a current-plan read, in turn, until `stop`."""
    while not stop.is_set():
        status, _, _, t = call(port, "POST", "/auth/login", login)
        assert status == 200, status
        out["login"].append(t)
        status, _, _, t = call(port, "GET", "/api/plan/current", None, token)
        assert status == 200, status
        out["current"].append(t)


def burst(port, pid, tokens, label, login, bystander):
    """12 concurrent re-balances (tokens[i] for the i-th) while probing."""
    samples = {"login": [], "current": []}
    stop = threading.Event()
    prober = threading.Thread(target=probe, args=(port, login, bystander, stop, samples))
    answers = [None] * len(tokens)

    def rebalance(i):
        status, body, headers, t = call(port, "POST", "/api/plan/current/rebalance", {}, tokens[i])
        answers[i] = (status, headers.get("Retry-After") or headers.get("retry-after"),
                      bool(body and isinstance(body, dict) and body.get("cut_short")), t)

    cpu_before = cpu_seconds(pid)
    prober.start()
    time.sleep(0.3)
    started = time.perf_counter()
    threads = [threading.Thread(target=rebalance, args=(i,)) for i in range(len(tokens))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    running = gauge(port, "planner_searches_running")
    cpu_at_answers = cpu_seconds(pid)
    stop.set()
    prober.join()
    # With the prober's last login done, nothing should be computing.
    cpu_idle = cpu_seconds(pid)
    time.sleep(1.0)
    cpu_after = cpu_seconds(pid)
    by_status = {}
    for status, retry, cut, t in answers:
        by_status.setdefault(status, []).append((retry, cut, t))
    print(f"\n## {label}")
    print(f"all answered in {wall:.2f} s; service CPU during the burst {cpu_at_answers - cpu_before:.2f} s")
    for status, rows in sorted(by_status.items()):
        times = [r[2] for r in rows]
        retries = sorted({r[0] for r in rows if r[0]})
        cuts = sum(1 for r in rows if r[1])
        print(f"  {status}: {len(rows)} answers, {min(times):.2f}-{max(times):.2f} s"
              + (f", Retry-After {','.join(retries)}" if retries else "")
              + (f", {cuts} cut_short" if status == 200 else ""))
    print(f"planner_searches_running right after the last answer: {running:g}; "
          f"service CPU in the second after the last probe: {cpu_after - cpu_idle:.3f} s")
    report(samples)
    return samples


def report(samples):
    for name in ("login", "current"):
        v = samples[name]
        print(f"  {name:8} n={len(v):3}  p50 {1000 * percentile(v, 0.5):7.1f} ms  "
              f"p95 {1000 * percentile(v, 0.95):7.1f} ms  max {1000 * max(v):7.1f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/mealplan")
    ap.add_argument("--database-url")
    ap.add_argument("--accounts", type=int, default=12)
    ap.add_argument("--cost", type=int, default=12)
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--bursts", type=int, default=5, help="times each burst is repeated")
    args = ap.parse_args()

    work = tempfile.mkdtemp()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=args.database_url or f"sqlite://{work}/bench.db",
               BIND=f"127.0.0.1:{port}", BCRYPT_COST=str(args.cost),
               AUTH_RATE_LIMIT_PER_MINUTE="0", LOGIN_FAILURE_LIMIT="0", RUST_LOG="warn",
               JWT_SECRET="bench-secret-0123456789abcdef0123456789abcdef",
               REQUEST_TIMEOUT_MS="60000")
    for entry in args.env:
        name, value = entry.split("=", 1)
        env[name] = value
    service = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if request(port, "GET", "/health")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            sys.exit("service did not start")
        print("settings:", " ".join(args.env) or "defaults",
              f"(cores {os.cpu_count()}, bcrypt cost {args.cost})")

        def account(email):
            body = {"name": "Bench", "email": email, "password": "password123"}
            status, data = request(port, "POST", "/auth/register", body)
            assert status == 201, data
            token = json.loads(data)["access_token"]
            assert request(port, "PUT", "/api/profile", PROFILE, token)[0] == 200
            return token

        bystander = account("bystander@example.com")
        status, _, _, t = call(port, "POST", "/api/plan/generate", {"days": 7}, bystander)
        assert status == 201, status
        login = {"email": "bystander@example.com", "password": "password123"}

        tokens = []
        setup = time.perf_counter()
        for a in range(args.accounts):
            token = account(f"house{a}@example.com")
            for i in range(12):
                status, data = request(port, "POST", "/api/household/members", member(i), token)
                assert status == 201, data
            # Generation is bounded too: wait out a busy instance.
            while True:
                status, body, headers, t = call(
                    port, "POST", "/api/plan/generate",
                    {"days": 7, "household": True, "seed": a,
                     "tolerances": {"calories": 1, "macros": 1}}, token)
                if status != 503:
                    break
                time.sleep(float(headers.get("Retry-After", "1")))
            assert status == 201, (status, body)
            tokens.append(token)
            print(f"household {a}: generated in {t:.2f} s"
                  + (" (cut short)" if body.get("cut_short") else ""))
        print(f"set-up {time.perf_counter() - setup:.1f} s")

        # Baseline: the bystander alone.
        samples = {"login": [], "current": []}
        stop = threading.Event()
        threading.Timer(8.0, stop.set).start()
        probe(port, login, bystander, stop, samples)
        print("\n## bystander alone")
        report(samples)

        for label, group in (("one account", [tokens[0]] * 12),
                             (f"{min(12, len(tokens))} accounts", tokens[:12])):
            together = {"login": [], "current": []}
            for n in range(args.bursts):
                got = burst(port, service.pid, group,
                            f"12 concurrent re-balances, {label} ({n + 1} of {args.bursts})",
                            login, bystander)
                for name in together:
                    together[name].extend(got[name])
                time.sleep(1.0)
            print(f"\n## bystander during the {args.bursts} bursts from {label}")
            report(together)
    finally:
        service.terminate()
        service.wait()


if __name__ == "__main__":
    main()
