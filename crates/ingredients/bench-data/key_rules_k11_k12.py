#!/usr/bin/env python3
"""Keying rules K11 and K12 (the lead's decisions, applied by branch ingr25
to every set's key whether they help or hurt the matcher).

- K11 counted piece of no size: a fruit or vegetable counted with no size
  ("6 ears fresh corn", "2 apples, peeled") is SR28's medium piece where
  SR28 has one, never ABBREV's large measure because its measure column
  happens to give the large. The rows the sets key both ways:
  - sweet corn (11167): a plain ear 90 g (SR28's medium ear), not
    ABBREV's large 143 g;
  - a peeled apple (09004): SR28's medium apple without skin, 161 g,
    not a medium apple with skin (182 g) less the peeled row's 23 %
    refuse (140 g; that refuse is of the whole fruit, core and stem with
    the skin, so it takes the core off a piece that has none);
  - a yellow bell pepper (11951): 119 g, the medium sweet pepper of
    SR28's red and green rows (it weighs a yellow one only large, 186 g,
    ABBREV's measure).
  A line with a size word, a weight in parentheses or a unit is left.
- K12 a skinned part weighed on the bone: a mass written as the amount of
  a chicken part whose comment removes the skin ("2 lb chicken legs, skin
  removed", "1 kg bone-in chicken, skinned") is the part as the comment
  leaves it, so only the bone's refuse comes off: SR28's meat-and-skin
  row's refuse (bone) of the skinned weight, i.e. (1 - meat-only refuse)
  / (1 - skin share), the skin share being the meat-only row's refuse less
  the meat-and-skin row's (legs: 0.57 / 0.84, 32 % off). A whole bird is
  bought and weighed with its skin and keeps the meat-only row's refuse.

Lines are found by a word pattern on the line and the key's first row,
never by line number; every changed line is printed as a Markdown table
row. NDBs never change. Regenerate the expected file of each changed set
with hand_nutrition.py.

Usage, from this folder:
    python3 key_rules_k11_k12.py /work/shared/data/usda-sr28/ABBREV.txt [--write]
"""
import re
import sys

from keyscript import run, said
from key_rules_k9 import GRAMS_PER, MASS, NUMBER, fmt, near, number

SETS = ["dev.txt", "heldout.txt"] + [f"heldout{i}.txt" for i in range(2, 23)]

SIZE = r"\b(small|medium|large|big|jumbo|mini|baby|huge|giant|grande|mediano|pequeño|chico)s?\b"
UNIT = rf"\s*{NUMBER}\s*(g|kg|oz|lbs?|cups?|tazas?|tbsp|tsp|ml|cans?|pounds?|grams?)\b"
WEIGHT_IN_PARENS = rf"\([^)]*\d\s*{MASS}[^)]*\)"

# K11: first row -> (ABBREV's or the old key's piece, SR28's medium piece,
# sizes the line may say and still be of the medium).
K11 = {
    "11167": (143.0, 90.0, ()),
    "11951": (186.0, 119.0, ()),
    "09004": (182.0 * (1 - 0.23), 161.0, ("medium",)),
}

SKINNED = r"\b(skinned|skinless|skin removed|skin off)\b"


def abbrev_refuse(path):
    out = {}
    desc = {}
    for raw in open(path, encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) > 52:
            desc[f[0]] = f[1]
            out[f[0]] = float(f[52] or 0) / 100.0
    return desc, out


def main():
    desc, refuse = abbrev_refuse(sys.argv[1])
    by_desc = {d: n for n, d in desc.items()}

    def k11(text, key, grams):
        rule = K11.get(key[0])
        if not rule:
            return None
        old, medium, sizes_ok = rule
        name = text.split(",")[0]
        sizes = re.findall(SIZE, name, re.I)
        if any(s.lower() not in sizes_ok for s in sizes):
            return None
        if re.match(UNIT, text, re.I) or re.search(WEIGHT_IN_PARENS, text, re.I):
            return None
        count = re.match(rf"\s*{NUMBER}\s", text)
        if not count:
            return None
        n = number(count.group(1))
        keyed = float(grams)
        if not near(keyed / n, old):
            return None
        return key, ["K11 medium piece"], fmt(n * medium)

    def k12(text, key, grams):
        first = desc.get(key[0], "")
        if not first.startswith("CHICKEN") or "MEAT ONLY" not in first:
            return None
        if not said(text, SKINNED) or said(text, r"\bwhole\b|\bboneless\b"):
            return None
        mass = re.match(rf"\s*{NUMBER}\s*{MASS}", text, re.I)
        if not mass:
            return None
        pair = by_desc.get(first.replace("MEAT ONLY", "MEAT&SKN")) or by_desc.get(
            first.replace("MEAT ONLY", "MEAT & SKN"))
        if not pair:
            # SR28's thigh rows pair under other names and its meat-and-skin
            # thigh has no refuse: the meat-only row's refuse stays, as the
            # matcher counts it (`bone.rs`).
            return None
        r, bone = refuse[key[0]], refuse[pair]
        written = number(mass.group(1)) * GRAMS_PER[mass.group(2).lower()]
        after = written * (1 - r) / (1 - (r - bone))
        return key, ["K12 bone only"], grams if near(float(grams), after) else fmt(after)

    print("K11\n")
    run(SETS, k11, grams_too=True)
    print("\nK12\n")
    run(SETS, k12, grams_too=True)


if __name__ == "__main__":
    main()
