#!/usr/bin/env python3
"""Key corrections of branch ingr22 (issue 39), applied to every set's key.

Each adds SR28 rows a line is equally keyed to, by the rules K5 and K8
already state; the first (counted) row of a key never changes, so no
expected file changes. Lines are found by a word pattern on the line and
the rows the key holds, never by line number; every changed line is
printed as a Markdown table row (set, line, text, before, after, rule).

- K8 toasted: a food said toasted whose key holds one of a pair of SR28
  rows, the food as bought and SR28's toasted row of it, gets the other:
  the sets key toasted bread and seeds both ways (toasted at home from the
  bought food, or SR28's toasted food), and a slice or a spoon of either
  is within a few kcal of the other.
- K8 canned green chiles: SR28's two canned green chili rows (11980 and
  11329, 21 kcal each) are equally "a can of diced green chiles".
- K5 salmon: bare salmon (no species, wild, farmed, canned or smoked
  said) is sold wild and farmed, 142 and 208 kcal: both rows, the
  key's first kept.

Usage, from this folder:
    python3 key_corrections_ingr22.py /work/shared/data/usda-sr28/ABBREV.txt [--write]
"""
import re
import sys

SETS = ["dev.txt", "heldout.txt"] + [f"heldout{i}.txt" for i in range(2, 22)]

# (the food as bought, SR28's toasted row of it)
TOASTED = [
    ("18029", "18030"),  # French / sourdough bread
    ("18069", "18070"),  # white bread
    ("18075", "18076"),  # whole-wheat bread
    ("18064", "18065"),  # wheat bread
    ("18258", "18259"),  # English muffin
    ("12023", "12024"),  # sesame seeds
    ("12036", "12039"),  # sunflower seed kernels
    ("12108", "12114"),  # desiccated coconut
]
CHILES = ("11980", "11329")
SALMON = ("15076", "15236")


from keyscript import load, run, said


def other_of(pair, key):
    a, b = pair
    if a in key and b not in key:
        return b
    if b in key and a not in key:
        return a
    return None


def correct(text, key):
    """Rows to add and the rule's tag."""
    if said(text, r"\btoast(ed)?\b"):
        for pair in TOASTED:
            add = other_of(pair, key)
            if add:
                return [add], "K8 toasted"
    if said(text, r"\bgreen chil(e|i|ie|ly|li)s?\b|\bgreen chil(ies|lies)\b") \
            and said(text, r"\bcans?\b|\bcanned\b|\btinned\b") \
            and not said(text, r"tomato|sauce|ro-?tel|salsa"):
        add = other_of(CHILES, key)
        if add:
            return [add], "K8 green chiles"
    if said(text, r"\bsalmon\b") \
            and not said(text, r"wild|farmed|atlantic|sockeye|chinook|king|coho|pink|chum|\bcans?\b|canned|smoked|lox"):
        add = other_of(SALMON, key)
        if add:
            return [add], "K5 salmon"
    return None


def main():
    desc = load(sys.argv[1])

    def change(text, key, grams):
        found = correct(text, key)
        if not found:
            return None
        add, tag = found
        return key + [n for n in add if n in desc and n not in key], [tag]

    run(SETS, change)


if __name__ == "__main__":
    main()
