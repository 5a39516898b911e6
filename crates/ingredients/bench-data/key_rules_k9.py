#!/usr/bin/env python3
"""Keying rule K9 (the lead's decision, applied by branch ingr24 to every
set's key whether it helps or hurts the matcher).

- K9 peeled produce: a fruit or vegetable said peeled (not "unpeeled";
  Spanish "pelado/a") whose first (counted) row is one SR28 gives a refuse
  (`../data/produce_refuse.tsv`, ABBREV's Refuse_Pct of the raw fruit and
  vegetable rows):
  - counted with its weight as bought in parentheses ("3 medium carrots
    (about 300 g), peeled"; "(1 kg each)" per piece): that weight less the
    row's refuse;
  - counted with no weight, on a row of flesh and skin ("POTATOES,FLESH &
    SKN,RAW": SR28's potato measures weigh the whole potato): the key's
    grams, a count of the row's piece weights, less the refuse ("1 medium
    potato, peeled" 213 g -> 159.75 g); a key already less the refuse
    stays;
  - a mass written as the amount ("2 lb carrots, peeled"): as written,
    so a key that took the refuse off goes back to the mass written.
  A line cooked before it is peeled ("boiled in their skins, peeled")
  is left to the boiled rows' rule. Any other counted line (a peeled apple's or cucumber's own row, a
  mango's "1 fruit, without refuse") stays as keyed. A line the rule
  cannot weigh (a count on a flesh-and-skin row whose grams are neither a
  count of its piece weights nor that less the refuse) stops the script
  with the line, so no key is guessed.

Lines are found by a word pattern on the line and the key's first row,
never by line number; every changed line is printed as a Markdown table
row (set, line, text, key, grams before and after, rule). NDBs never
change. Regenerate the expected file of each changed set with
hand_nutrition.py.

Usage, from this folder:
    python3 key_rules_k9.py /work/shared/data/usda-sr28/ABBREV.txt [--write]
"""
import re
import sys

from keyscript import load, run, said

SETS = ["dev.txt", "heldout.txt"] + [f"heldout{i}.txt" for i in range(2, 22)]

PEELED = r"(?<!un)\bpeeled\b|\bpelad[oa]s?\b"
# Cooked before it is peeled: the skin comes off the cooked food (SR28's
# 9 % of a boiled potato, the matcher's boiled rows), not as K9 counts it.
COOKED_FIRST = r"\b(boiled|baked|roasted|steamed|cooked|sancochad[oa]s?)\b"
NUMBER = r"(\d+\s+\d+/\d+|\d+\s+[½¼¾⅓⅔⅛]|\d+/\d+|\d+(?:[.,]\d+)?[½¼¾⅓⅔⅛]?|[½¼¾⅓⅔⅛])"
MASS = r"(g|grams?|kg|oz|ounces?|lbs?|pounds?)\b"
GRAMS_PER = {"g": 1.0, "gram": 1.0, "grams": 1.0, "kg": 1000.0, "oz": 28.3495,
             "ounce": 28.3495, "ounces": 28.3495, "lb": 453.592, "lbs": 453.592,
             "pound": 453.592, "pounds": 453.592}
FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125}
# Piece weights of the flesh-and-skin potato rows: ABBREV's large (369 g)
# and the kitchen's medium and small (data/kitchen_measures.tsv).
PIECES = (369.0, 213.0, 170.0)


def number(text):
    text = text.strip().replace(",", ".")
    if " " in text:
        whole, frac = text.split()
        return float(whole) + number(frac)
    if "/" in text:
        a, b = text.split("/")
        return int(a) / int(b)
    if text[-1] in FRACTIONS:
        return (float(text[:-1]) if len(text) > 1 else 0.0) + FRACTIONS[text[-1]]
    return float(text)


def refuse_table(path):
    out = {}
    for raw in open(path, encoding="utf-8"):
        if raw.startswith("#") or raw.startswith("ndb"):
            continue
        ndb, pct = raw.split()
        out[ndb] = float(pct) / 100.0
    return out


def fmt(grams):
    return f"{grams:.2f}".rstrip("0").rstrip(".")


def near(a, b):
    return abs(a - b) <= max(0.6, 0.005 * b)


def main():
    desc = load(sys.argv[1])
    refuse = refuse_table("../data/produce_refuse.tsv")

    def change(text, key, grams):
        r = refuse.get(key[0], 0.0)
        if r <= 0 or not said(text, PEELED) or said(text, COOKED_FIRST):
            return None
        keyed = float(grams)
        mass = re.match(rf"\s*{NUMBER}\s*{MASS}", text, re.I)
        if mass:
            written = number(mass.group(1)) * GRAMS_PER[mass.group(2).lower()]
            return key, ["K9 mass as written"], fmt(written) if not near(keyed, written) else grams
        count = re.match(rf"\s*{NUMBER}\s", text)
        if not count:
            return None
        n = number(count.group(1))
        paren = re.search(rf"\((?:about|~|approx\.?|around)?\s*{NUMBER}\s*{MASS}\s*(each)?[^)]*\)", text, re.I)
        if paren:
            bought = number(paren.group(1)) * GRAMS_PER[paren.group(2).lower()]
            if paren.group(3):
                bought *= n
            after = bought * (1 - r)
            return key, ["K9 weighed as bought"], fmt(after) if not near(keyed, after) else grams
        if "FLESH & SKN" not in desc[key[0]]:
            return None
        each = keyed / n
        if any(near(each, p * (1 - r)) for p in PIECES):
            return None
        if not any(near(each, p) for p in PIECES):
            sys.exit(f"K9: neither a piece weight nor less the refuse: {text} | {grams}")
        return key, ["K9 piece with skin"], fmt(keyed * (1 - r))

    run(SETS, change, grams_too=True)


if __name__ == "__main__":
    main()
