"""What the keying scripts share (key_rules_k7_k8.py, key_corrections_ingr22.py):
ABBREV's descriptions, and one run over every set's key lines that prints
each change as a table row and, with --write, saves it."""
import re
import sys


def load(path):
    """NDB -> ABBREV description."""
    desc = {}
    for raw in open(path, encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) > 2:
            desc[f[0]] = f[1]
    return desc


def said(text, pattern):
    return re.search(pattern, text, re.I) is not None


def run(sets, change, grams_too=False):
    """Applies change(text, key, grams) -> (after, tags) or None to every
    key line of `sets`, printing the changed lines. With grams_too, change
    returns (after, tags, grams after) and the table has the grams."""
    write = "--write" in sys.argv
    changed = 0
    counts = {}
    if grams_too:
        print("| set | line | text | before | after | grams before | grams after | rule |")
        print("|---|---|---|---|---|---|---|---|")
    else:
        print("| set | line | text | before | after | rule |")
        print("|---|---|---|---|---|---|")
    for name in sets:
        lines = open(name, encoding="utf-8").read().split("\n")
        in_recipe = False
        for i, raw in enumerate(lines):
            if raw.startswith("## "):
                in_recipe = True
                continue
            if not in_recipe or raw.startswith("#") or "|" not in raw:
                continue
            text, ndbs, grams = [p.strip() for p in raw.split("|")]
            key = ndbs.split("/")
            found = change(text, key, grams)
            if not found:
                continue
            after, tags = found[0], found[1]
            grams_after = found[2] if grams_too else grams
            if after == key and grams_after == grams:
                continue
            changed += 1
            for t in tags:
                counts[t] = counts.get(t, 0) + 1
            first = "" if after[0] == key[0] else " (first changed)"
            weights = f" {grams} | {grams_after} |" if grams_too else ""
            print(f"| {name} | {i + 1} | {text} | {'/'.join(key)} | {'/'.join(after)} |{weights} {'/'.join(tags)}{first} |")
            lines[i] = f"{text} | {'/'.join(after)} | {grams_after}"
        if write:
            open(name, "w", encoding="utf-8").write("\n".join(lines))
    print(f"\nLines changed: {changed} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}).")
