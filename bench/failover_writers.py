#!/usr/bin/env python3
"""Writers through a running service while its database fails over, and
a check afterwards that nothing acknowledged was lost (docs/DEPLOYMENT.md,
"Failing over").

Each writer signs up account after account and saves each one's profile,
recording every answer. Run it, fail the database over meanwhile (e.g.
`pg_autoctl perform failover`, or kill the primary), and it prints, when
its time is up: the answers by status, every non-2xx answer's status and
`Retry-After`, the slowest answer, the longest time with no write
acknowledged (the failover as the clients saw it), and whether every
acknowledged sign-up and profile reads back.

Usage: python3 bench/failover_writers.py http://127.0.0.1:8000
       [--writers 8] [--seconds 30]
Only Python's standard library.
"""

import argparse
import json
import threading
import time
import urllib.error
import urllib.request


def call(base, method, path, body=None, token=None, timeout=30):
    """(status, JSON body or None, Retry-After or None); status 0 when the
    request got no HTTP answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            text = r.read().decode()
            return r.status, (json.loads(text) if text else None), None
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = text
        return e.code, parsed, e.headers.get("retry-after")
    except OSError as e:
        return 0, str(e), None


def profile(weight):
    return {
        "goal": "maintain_weight", "height": 170, "weight": weight,
        "body_type": "normal", "gender": "female", "meals_per_day": 3,
        "activity_level": "medium", "birth_date": "1991-02-03",
    }


def writer(base, w, stop, run, answers, accounts, lock):
    n = 0
    while not stop.is_set():
        n += 1
        email = f"drill-{run}-w{w}-{n}@example.com"
        sent = time.monotonic()
        status, body, retry = call(base, "POST", "/auth/register",
                                   {"name": "D", "email": email, "password": "password1"})
        with lock:
            answers.append((sent, time.monotonic(), "sign-up", status, retry, body))
        if status != 201:
            time.sleep(0.02)
            continue
        token = body["access_token"]
        weight = 50 + n % 100
        sent = time.monotonic()
        status, body, retry = call(base, "PUT", "/api/profile", profile(weight), token)
        with lock:
            answers.append((sent, time.monotonic(), "profile", status, retry, body))
            accounts.append((email, token, weight if status == 200 else None))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base")
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=30)
    args = ap.parse_args()
    run = int(time.time())
    stop = threading.Event()
    lock = threading.Lock()
    answers, accounts = [], []
    threads = [threading.Thread(target=writer, args=(args.base, w, stop, run, answers,
                                                     accounts, lock))
               for w in range(args.writers)]
    started = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(args.seconds)
    stop.set()
    for t in threads:
        t.join()

    by_status = {}
    for a in answers:
        by_status[a[3]] = by_status.get(a[3], 0) + 1
    print(f"{len(answers)} answers in {args.seconds:.0f} s by status: {by_status}")
    failed = [a for a in answers if not 200 <= a[3] < 300]
    for sent, done, what, status, retry, body in failed:
        print(f"  {sent - started:7.3f} s  {what:8} {status} Retry-After={retry} "
              f"after {done - sent:.3f} s: {body}")
    slowest = max(answers, key=lambda a: a[1] - a[0])
    print(f"slowest answer: {slowest[1] - slowest[0]:.3f} s ({slowest[2]}, {slowest[3]})")
    acked = sorted(a[1] for a in answers if 200 <= a[3] < 300)
    gaps = [(b - a, a - started, b - started) for a, b in zip(acked, acked[1:])]
    if gaps:
        gap, start, end = max(gaps)
        print(f"longest time with no write acknowledged: {gap:.3f} s "
              f"(from {start:.3f} s to {end:.3f} s)")
    lost = []
    for email, token, weight in accounts:
        status, body, _ = call(args.base, "GET", "/auth/me", token=token)
        if status != 200 or body.get("email") != email:
            lost.append((email, "account", status))
            continue
        if weight is not None:
            status, body, _ = call(args.base, "GET", "/api/profile", token=token)
            if status != 200 or body.get("weight") != weight:
                lost.append((email, "profile", status))
    print(f"{len(accounts)} acknowledged sign-ups checked, "
          f"{sum(1 for a in accounts if a[2] is not None)} acknowledged profiles; "
          f"lost: {lost if lost else 'none'}")
    raise SystemExit(1 if lost else 0)


if __name__ == "__main__":
    main()
