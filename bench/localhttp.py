"""What the bench scripts share: a free local port and one JSON request to
the service on it. Standard library only."""

import http.client
import json
import socket


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def raw_request(port, method, path, body=None, token=None):
    """One request with a JSON body (and bearer token); (status, bytes)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    res = conn.getresponse()
    data = res.read()
    conn.close()
    return res.status, data


def request(port, method, path, body=None, token=None):
    """As `raw_request`, the body read as JSON (None when empty)."""
    status, data = raw_request(port, method, path, body, token)
    return status, json.loads(data) if data else None
