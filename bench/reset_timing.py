#!/usr/bin/env python3
"""Does the time of `POST /auth/password-reset` tell whether an address has
an account? (issue 35, item 4)

Starts the service (release build by default) on the given database
(PostgreSQL: the case where a commit waited for a WAL flush only for an
account) with mail going to a small SMTP sink in this script, and no rate
limits. Then it asks for reset links for a known and an unknown address, in
turn, ROUNDS times each (after a warm-up), and prints each case's latency
percentiles and the difference of the means with a 95% interval. It checks
that each known request's mail arrived and no unknown one's did.

Usage: python3 bench/reset_timing.py --database-url postgres://…/db
       [--bin target/release/mealplan] [--rounds 2000]
Only the Python standard library is needed.
"""

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time

from localhttp import free_port
from localhttp import raw_request as request


class SmtpSink:
    """Accepts every message and counts them by recipient."""

    def __init__(self):
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.received = {}
        self.lock = threading.Lock()
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            conn, _ = self.server.accept()
            threading.Thread(target=self.session, args=(conn,), daemon=True).start()

    def session(self, conn):
        f = conn.makefile("rb")
        send = lambda line: conn.sendall(line.encode() + b"\r\n")
        send("220 sink ESMTP")
        rcpt = []
        try:
            while True:
                line = f.readline()
                if not line:
                    return
                cmd = line.decode(errors="replace").strip()
                upper = cmd.upper()
                if upper.startswith("EHLO") or upper.startswith("HELO"):
                    send("250 sink")
                elif upper.startswith("RCPT TO:"):
                    rcpt.append(cmd[8:].strip().strip("<>").lower())
                    send("250 ok")
                elif upper == "DATA":
                    send("354 go on")
                    while f.readline().rstrip(b"\r\n") != b".":
                        pass
                    with self.lock:
                        for r in rcpt:
                            self.received[r] = self.received.get(r, 0) + 1
                    rcpt = []
                    send("250 queued")
                elif upper == "QUIT":
                    send("221 bye")
                    return
                else:
                    send("250 ok")
        finally:
            conn.close()


def ask(conn, email):
    body = json.dumps({"email": email})
    started = time.perf_counter()
    conn.request("POST", "/auth/password-reset", body, {"content-type": "application/json"})
    res = conn.getresponse()
    res.read()
    elapsed = time.perf_counter() - started
    assert res.status == 202, res.status
    return elapsed


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/mealplan")
    ap.add_argument("--database-url", required=True)
    ap.add_argument("--rounds", type=int, default=2000)
    args = ap.parse_args()

    sink = SmtpSink()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=args.database_url, BIND=f"127.0.0.1:{port}",
               AUTH_RATE_LIMIT_PER_MINUTE="0", LOGIN_FAILURE_LIMIT="0", RUST_LOG="error",
               JWT_SECRET="bench-secret-0123456789abcdef0123456789abcdef",
               SMTP_URL=f"smtp://127.0.0.1:{sink.port}", MAIL_FROM="bench <bench@example.com>",
               BCRYPT_COST="4")
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
        account = {"name": "Known", "email": "known@example.com", "password": "password123"}
        status, data = request(port, "POST", "/auth/register", account)
        assert status == 201, data

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(200):
            ask(conn, "known@example.com")
            ask(conn, "nobody@example.com")
        known, unknown = [], []
        for i in range(args.rounds):
            # Alternate which goes first, so drift hits both alike.
            if i % 2:
                known.append(ask(conn, "known@example.com"))
                unknown.append(ask(conn, "nobody@example.com"))
            else:
                unknown.append(ask(conn, "nobody@example.com"))
                known.append(ask(conn, "known@example.com"))
            # Let the background work of this pair finish, as a client
            # probing one address at a time would.
            time.sleep(0.005)
        # Mail that failed is tried again after 10 s.
        time.sleep(15)
        mails = sink.received.get("known@example.com", 0)
        strays = sum(n for r, n in sink.received.items() if r != "known@example.com")

        print(f"database: {args.database_url.split('@')[-1]}; {args.rounds} requests per case, "
              "alternating, one connection")
        for name, v in (("account", known), ("no account", unknown)):
            print(f"  {name:10} p50 {1000 * percentile(v, 0.5):.3f} ms  p90 "
                  f"{1000 * percentile(v, 0.9):.3f} ms  p99 {1000 * percentile(v, 0.99):.3f} ms  "
                  f"mean {1000 * statistics.mean(v):.3f} ms")
        diff = statistics.mean(known) - statistics.mean(unknown)
        pairs = [k - u for k, u in zip(known, unknown)]
        half = 1.96 * statistics.stdev(pairs) / len(pairs) ** 0.5
        print(f"  mean difference (account - no account): {1000 * diff:+.3f} ms "
              f"(95% interval {1000 * (diff - half):+.3f} to {1000 * (diff + half):+.3f} ms)")
        print(f"  mails received for the account: {mails} of {args.rounds + 200}; "
              f"for other addresses: {strays}")
    finally:
        service.terminate()
        service.wait()


if __name__ == "__main__":
    main()
