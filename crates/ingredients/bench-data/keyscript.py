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


def run(sets, change):
    """Applies change(text, key, grams) -> (after, tags) or None to every
    key line of `sets`, printing the changed lines."""
    write = "--write" in sys.argv
    changed = 0
    counts = {}
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
            if not found or found[0] == key:
                continue
            after, tags = found
            changed += 1
            for t in tags:
                counts[t] = counts.get(t, 0) + 1
            first = "" if after[0] == key[0] else " (first changed)"
            print(f"| {name} | {i + 1} | {text} | {'/'.join(key)} | {'/'.join(after)} | {'/'.join(tags)}{first} |")
            lines[i] = f"{text} | {'/'.join(after)} | {grams}"
        if write:
            open(name, "w", encoding="utf-8").write("\n".join(lines))
    print(f"\nLines changed: {changed} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}).")
