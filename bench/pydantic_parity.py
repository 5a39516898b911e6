#!/usr/bin/env python3
"""Dev-only ground truth for wire parity (never part of the product).

Prints, as one JSON object per line, what FastAPI + Pydantic + email-validator
answer for the edge inputs this service must answer the same way: e-mail
addresses, register/login passwords, `date` fields, integers in paths and
query strings, and JSON bodies sent without a Content-Type.

The models below are written for this script: they use the same field types
and constraints as the original backend's request models (EmailStr with
max_length 255, a register password checked by a plain `ValueError`
validator, a login password with `min_length=8`, a `date` with an age rule,
`int` path and query parameters), so the entries come out exactly as the
original writes them.

    python3 -m venv /tmp/parity-venv
    /tmp/parity-venv/bin/pip install pydantic==2.14.3 email-validator==2.4.0 \
        fastapi==0.165.0 httpx
    /tmp/parity-venv/bin/python bench/pydantic_parity.py [SECTION ...]

Sections: email, password, date, int, content-type (default: all).
"""

import json
import sys
from datetime import date

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel, EmailStr, Field, field_validator

app = FastAPI()


class Register(BaseModel):
    name: str = Field(..., min_length=1, max_length=100)
    email: EmailStr = Field(..., max_length=255)
    password: str

    @field_validator("password")
    @classmethod
    def rules(cls, v: str) -> str:
        if len(v) < 8:
            raise ValueError("Password must be at least 8 characters long")
        return v


class Login(BaseModel):
    email: EmailStr = Field(..., max_length=255)
    password: str = Field(..., min_length=8)


class Birth(BaseModel):
    birth_date: date

    @field_validator("birth_date")
    @classmethod
    def age(cls, v: date) -> date:
        today = date.today()
        years = today.year - v.year - ((today.month, today.day) < (v.month, v.day))
        if years < 16:
            raise ValueError("User must be at least 16 years old")
        if years > 100:
            raise ValueError("User must be less than or equal to 100 years old")
        return v


@app.post("/register")
def register(body: Register):
    return {"email": body.email}


@app.post("/login")
def login(body: Login):
    return {"email": body.email}


@app.post("/birth")
def birth(body: Birth):
    return {"birth_date": body.birth_date.isoformat()}


@app.get("/item/{item_id}")
def item(item_id: int, q: int | None = None):
    return {"item_id": item_id, "q": q}


client = TestClient(app)


def show(section, sent, response):
    print(json.dumps({"section": section, "sent": sent, "status": response.status_code,
                      "body": response.json()}, ensure_ascii=False))


EMAILS = [
    "a@b@example.com",
    '"a b"@example.com',
    '"a"@example.com',
    "a" * 70 + "@example.com",
    "a" * 64 + "@example.com",
    "a@" + "b" * 64 + ".com",
    "a@" + "b" * 63 + ".com",
    "Bob <bob@example.com>",
    '"Bob Smith" <Bob@Example.COM>',
    "<bob@example.com>",
    "Bob <bob@example.com> x",
    "Bob <bob@example.com",
    "Bob. <bob@example.com>",
    "  Alice@Example.COM ",
    "x",
    "a@b",
    "@b.co",
    "a@",
    "a b@c.co",
    "a(b)\t@c.co",
    "a@c o.co",
    "a.@c.co",
    "a@-c.co",
    "a@c-.co",
    "a..b@c.co",
    ".a@c.co",
    "a@c.co.",
    "a@1.23",
    "a@b.c1",
    "a@localhost.localhost",
    "a@x.test",
    "a@foo.local",
    "a@ab--c.com",
    "a@xn--abc.com",
    "a@[127.0.0.1]",
    "a\nb@c.co",
    "a\u00a0b@c.co",
    "a\u0007b@c.co",
    "a@b.c\u00e9",
    "jos\u00e9@example.com",
    "INFO@Example.com",
    "a@" + ("b" * 60 + ".") * 4 + "com",
    "a" * 100 + "@" + ("b" * 60 + ".") * 2 + "com",
    "a" * 200 + "@" + "b" * 50 + ".com",
    "a" * 250 + "@" + "b" * 50 + ".com",
    "a＠b.com",
    "",
    " ",
]


def emails():
    for e in EMAILS:
        show("email", e, client.post("/register", json={"name": "n", "email": e, "password": "Abcdefg1"}))
    for e in [123, None]:
        show("email", e, client.post("/register", json={"name": "n", "email": e, "password": "Abcdefg1"}))


def passwords():
    for p in ["Ab1", "abcdefg1", "Abcdefgh", "ABCDEFG1", "Abcdefg1", "", 12345678]:
        show("password/register", p, client.post("/register", json={"name": "n", "email": "a@b.co", "password": p}))
    for p in ["Ab1", "abcdefg1"]:
        show("password/login", p, client.post("/login", json={"email": "a@b.co", "password": p}))


def dates():
    for d in ["1900-01-01", "2015-01-01", 19900510, 631152000, 631152000.0, 631152000.5,
              631152000000, 631152000001, 19900510000, 20000000000, 20000000001, -2208988800,
              -12219292801, 253402300800, 10**20, 1e20, True, "19900510", "631152000",
              "631152000.0", "-631152000", "1990-01-01T00:00:00", "1990-01-01T00:00:00+02:00",
              "1990-01-01 00:00", "1990-01-01T00:00:00.000Z", "1990-01-01T00:00:00.5",
              "1990-13-01", "1990-01-01x", "+631152000", " 631152000", "0631152000",
              "1e9", "", None, [], {}]:
        show("date", d, client.post("/birth", json={"birth_date": d}))


def ints():
    raw = ["1", "1.0", "1_0", "+1", "-1", "-0", "1.", "1.00", "1.5", "1e3", "0x10", "00",
           "1__0", "_1", "1_", "1_0.0", "1.0_0", ".0", " 1", "1 ", "\t1", "１２", "١٢",
           "\u22121", "9223372036854775807", "9223372036854775808", "18446744073709551616",
           "-9223372036854775809", "99999999999999999999.0", "1" * 4300, "1" * 4301,
           "abc", "true", "+", "-", "NaN", "inf"]
    for r in raw:
        enc = r.replace("%", "%25").replace(" ", "%20").replace("\t", "%09").replace("+", "%2B")
        show("int/path", r, client.get(f"/item/{enc}"))
        show("int/query", r, client.get(f"/item/1?q={enc}"))


def content_type():
    body = '{"name":"n","email":"a@b.co","password":"Abcdefg1"}'
    for headers in [{}, {"content-type": "text/plain"}, {"content-type": "application/json"},
                    {"content-type": "application/json; charset=utf-8"},
                    {"content-type": "application/vnd.api+json"}, {"content-type": "application"},
                    {"content-type": ""}]:
        show("content-type", headers, client.post("/register", content=body, headers=headers))
    show("content-type", "empty body, no header", client.post("/register", content=b""))


SECTIONS = {"email": emails, "password": passwords, "date": dates, "int": ints,
            "content-type": content_type}

if __name__ == "__main__":
    for name in sys.argv[1:] or SECTIONS:
        SECTIONS[name]()
