#!/usr/bin/env python3
"""Per-serving nutrition of each held-out recipe, from the hand choices.

Reads a recipe file (heldout.txt unless given; LINE | NDB[/EQUIV...] | GRAMS)
and SR28's ABBREV.txt, sums grams x per-100 g values of the first NDB of each
line, divides by servings, and writes NAME-expected.tsv beside it
(heldout-expected.tsv, heldout2-expected.tsv). Usage:
    python3 hand_nutrition.py /work/shared/data/usda-sr28/ABBREV.txt [heldout2.txt]
"""
import sys

def load_sr28(path):
    foods = {}
    for raw in open(path, encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) < 53:
            continue
        num = lambda i: float(f[i]) if f[i] else 0.0
        # kcal, protein, fat, carbohydrate (by difference)
        foods[f[0]] = (f[1], num(3), num(4), num(5), num(7))
    return foods

def recipes(path):
    cur = None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if line.startswith("## "):
            cur = {"title": line[3:].strip(), "lines": []}
            yield cur
        elif cur is None or not line.strip() or line.startswith("#"):
            continue
        elif line.startswith("servings:"):
            cur["servings"] = int(line.split(":")[1])
        elif line.startswith("style:"):
            cur["style"] = line.split(":")[1].strip()
        else:
            text, ndbs, grams = [p.strip() for p in line.split("|")]
            cur["lines"].append((text, ndbs.split("/"), float(grams)))

def main():
    foods = load_sr28(sys.argv[1])
    source = sys.argv[2] if len(sys.argv) > 2 else "heldout.txt"
    out = ["title\tservings\tkcal\tprotein_g\tcarbs_g\tfat_g"]
    for r in list(recipes(source)):
        tot = [0.0, 0.0, 0.0, 0.0]
        for text, ndbs, grams in r["lines"]:
            for n in ndbs:
                if n not in foods:
                    sys.exit(f"unknown NDB {n} in {r['title']}: {text}")
            _, kcal, prot, fat, carb = foods[ndbs[0]]
            tot[0] += kcal * grams / 100
            tot[1] += prot * grams / 100
            tot[2] += carb * grams / 100
            tot[3] += fat * grams / 100
        s = r["servings"]
        out.append("\t".join([r["title"], str(s)] + [f"{v / s:.1f}" for v in tot]))
    target = source[: -len(".txt")] + "-expected.tsv"
    open(target, "w").write("\n".join(out) + "\n")

if __name__ == "__main__":
    main()
