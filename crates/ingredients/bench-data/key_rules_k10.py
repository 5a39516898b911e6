#!/usr/bin/env python3
"""Keying rule K10 (branch ingr23, the lead's decision), applied to every
set's key whether it helps or hurts the matcher.

- K10 served with an amount: a line that gives an explicit amount (a
  number, a fraction or a number word) is counted as written even when it
  says "for serving" or "to serve"; only a line without an amount is 0 g.
  A line keyed 0 g that gives an amount gets the grams of that amount by
  SR28's own measure of its first (counted) row, from ABBREV.txt's two
  household measures: a count by the row's one piece measure ("1 fruit",
  "1 tortilla"), a cup or spoon by its volume measure. A line the rule
  cannot weigh that way (no single piece measure, no volume measure, a
  unit it does not read) stops the script with the line, so no key is
  guessed.
- Pico de gallo as every set keys it: every other line of the sets that
  names pico de gallo is keyed to SR28's ready-to-serve salsa (06164, the
  only row; SR28 has no fresh pico de gallo): a key naming pico de gallo
  first gets 06164 first, its other rows kept after it. Not K10; a key
  consistency correction, printed under its own tag.

Lines are found by a word pattern on the line and the key, never by line
number; every changed line is printed as a Markdown table row (set, line,
text, rows before and after, grams before and after, rule). Regenerate the
expected file of a set whose grams change with hand_nutrition.py.

Usage, from this folder:
    python3 key_rules_k10.py /work/shared/data/usda-sr28/ABBREV.txt [--write]
"""
import re
import sys

from keyscript import run, said

SETS = ["dev.txt", "heldout.txt"] + [f"heldout{i}.txt" for i in range(2, 22)]

SERVED = r"\bfor serving\b|\bto serve\b"
FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125}
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
         "eight": 8, "ten": 10, "twelve": 12}
# Units a line or a measure may give, in ml; a mass unit stops the script
# (a line keyed 0 g with a mass would need no measure: none is in the sets).
VOLUMES = {"cup": 236.6, "cups": 236.6, "c": 236.6, "tbsp": 14.79,
           "tablespoon": 14.79, "tablespoons": 14.79, "t": 14.79, "tsp": 4.93,
           "teaspoon": 4.93, "teaspoons": 4.93}
MASSES = {"g", "kg", "oz", "lb", "lbs", "pound", "pounds", "ounce", "ounces"}


def measures(path):
    """NDB -> [(grams, description)] of ABBREV's GmWt_1 and GmWt_2."""
    out = {}
    for raw in open(path, encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) < 53:
            continue
        rows = []
        for g, d in ((f[48], f[49]), (f[50], f[51])):
            if g and d:
                rows.append((float(g), d))
        out[f[0]] = rows
    return out


def amount(text):
    """(quantity, unit word or None) of a line's leading amount, or None."""
    words = text.replace("-", " ").split()
    if not words:
        return None
    first = words[0].lower()
    n = None
    if re.fullmatch(r"\d+(\.\d+)?", first):
        n = float(first)
    elif re.fullmatch(r"\d+/\d+", first):
        a, b = first.split("/")
        n = int(a) / int(b)
    elif first in FRACTIONS:
        n = FRACTIONS[first]
    elif re.fullmatch(r"\d+[½¼¾⅓⅔⅛]", first):
        n = float(first[:-1]) + FRACTIONS[first[-1]]
    elif first in WORDS:
        n = WORDS[first]
    if n is None:
        return None
    unit = words[1].lower().rstrip(".,") if len(words) > 1 else None
    if unit in VOLUMES or unit in MASSES:
        return n, unit
    return n, None


def measure_kind(description):
    """'volume' (with ml), 'mass' or 'piece' of an ABBREV measure."""
    m = re.match(r"\s*([\d.]+)\s+(fl oz|[a-z]+)", description.lower())
    if not m:
        return ("piece", None)
    n, unit = float(m.group(1)), m.group(2)
    if unit in VOLUMES:
        return ("volume", n * VOLUMES[unit])
    if unit in MASSES or unit == "fl oz":
        return ("mass", None)
    return ("piece", n)


def weigh(text, ndb, table):
    """Grams of the line's amount by SR28's measure of `ndb`."""
    n, unit = amount(text)
    rows = table[ndb]
    if unit in MASSES:
        sys.exit(f"K10: a mass is written, weigh it by hand: {text}")
    if unit in VOLUMES:
        vols = [(g, ml) for g, d in rows for k, ml in [measure_kind(d)] if k == "volume"]
        if not vols:
            sys.exit(f"K10: no volume measure of {ndb}: {text}")
        g, ml = vols[0]
        return n * VOLUMES[unit] * g / ml
    pieces = [(g, c) for g, d in rows for k, c in [measure_kind(d)] if k == "piece"]
    if len(pieces) != 1:
        sys.exit(f"K10: not one piece measure of {ndb} ({rows}): {text}")
    g, count = pieces[0]
    return n * g / count


def fmt(grams):
    return f"{grams:.2f}".rstrip("0").rstrip(".")


def main():
    table = measures(sys.argv[1])

    def change(text, key, grams):
        if said(text, r"pico de gallo") and key[0] != "06164":
            return ["06164"] + [k for k in key if k != "06164"], ["pico de gallo as salsa"], grams
        if said(text, SERVED) and float(grams) == 0 and amount(text):
            return key, ["K10"], fmt(weigh(text, key[0], table))
        return None

    run(SETS, change, grams_too=True)


if __name__ == "__main__":
    main()
