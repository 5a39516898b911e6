#!/usr/bin/env python3
"""Responsiveness under a login flood.

Starts the service (release build by default) on a fresh SQLite database with
the production bcrypt cost and no rate limits, then, for DURATION seconds,
keeps 32 concurrent login attempts running (each one a bcrypt verification)
while a prober times `GET /api/diet_type` and `GET /api/profile`. Prints the
probes' latency percentiles and the login throughput against the ideal
cores / (time of one bcrypt verification), measured in the same run.

Usage: python3 bench/responsiveness.py [--bin target/release/mealplan]
       [--duration 20] [--logins 32] [--cost 12]
Only the Python standard library is needed.
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/mealplan")
    ap.add_argument("--duration", type=float, default=20.0)
    ap.add_argument("--logins", type=int, default=32)
    ap.add_argument("--cost", type=int, default=12)
    args = ap.parse_args()

    work = tempfile.mkdtemp()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=f"sqlite://{work}/bench.db", BIND=f"127.0.0.1:{port}",
               BCRYPT_COST=str(args.cost), AUTH_RATE_LIMIT_PER_MINUTE="0", LOGIN_FAILURE_LIMIT="0",
               RUST_LOG="warn")
    service = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if request(port, "GET", "/health")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            sys.exit("service did not start")

        account = {"name": "Bench", "email": "bench@example.com", "password": "password123"}
        status, data = request(port, "POST", "/auth/register", account)
        assert status == 201, data
        token = json.loads(data)["access_token"]
        profile = {"goal": "maintain_weight", "height": 175, "weight": 70, "body_type": "normal",
                   "gender": "male", "meals_per_day": 3, "activity_level": "medium",
                   "birth_date": "1990-01-01"}
        assert request(port, "PUT", "/api/profile", profile, token)[0] == 200
        login = {"email": account["email"], "password": account["password"]}

        # One bcrypt verification, alone (median of sequential logins).
        alone = []
        for _ in range(5):
            started = time.perf_counter()
            assert request(port, "POST", "/auth/login", login)[0] == 200
            alone.append(time.perf_counter() - started)
        verify = statistics.median(alone)

        stop = threading.Event()
        done = [0]
        lock = threading.Lock()

        def flood():
            while not stop.is_set():
                if request(port, "POST", "/auth/login", login)[0] == 200:
                    with lock:
                        done[0] += 1

        latencies = {"/api/diet_type": [], "/api/profile": []}

        def probe():
            while not stop.is_set():
                for path, values in latencies.items():
                    started = time.perf_counter()
                    status, _ = request(port, "GET", path, token=token if path == "/api/profile" else None)
                    values.append((time.perf_counter() - started) * 1000)
                    assert status == 200, status
                time.sleep(0.02)

        threads = [threading.Thread(target=flood) for _ in range(args.logins)]
        for t in threads:
            t.start()
        time.sleep(1.0)  # let the flood saturate the CPU
        with lock:
            done[0] = 0
        prober = threading.Thread(target=probe)
        started = time.perf_counter()
        prober.start()
        time.sleep(args.duration)
        stop.set()
        elapsed = time.perf_counter() - started
        with lock:
            completed = done[0]
        prober.join()
        for t in threads:
            t.join()

        cores = os.cpu_count() or 1
        ideal = cores / verify
        rate = completed / elapsed
        print(f"cores: {cores}, bcrypt cost {args.cost}, one login alone: {verify * 1000:.0f} ms")
        print(f"{args.logins} concurrent logins for {elapsed:.1f} s: {completed} logins, {rate:.2f}/s "
              f"= {100 * rate / ideal:.0f}% of cores / verify time ({ideal:.2f}/s)")
        print("| probe | requests | p50 ms | p99 ms | max ms |")
        print("|---|---|---|---|---|")
        for path, values in latencies.items():
            print(f"| GET {path} | {len(values)} | {percentile(values, 0.5):.1f} | "
                  f"{percentile(values, 0.99):.1f} | {max(values):.1f} |")
    finally:
        service.terminate()
        service.wait(timeout=30)


if __name__ == "__main__":
    main()
