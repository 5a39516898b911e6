#!/usr/bin/env python3
"""Derive sr28.tsv, the compact SR28 food table this crate embeds.

Usage: python3 derive_sr28.py ABBREV.txt ../../catalogue/data/kitchen.tsv \
           ../../catalogue/data/ingredients.tsv kitchen_measures.tsv > sr28.tsv

Keeps, per food: NDB number, description, the nutrients the project uses
(per 100 g of edible portion; an empty SR28 value stays empty = unknown),
SR28's two household measures (GmWt_1/2 with their descriptions) and, as kitchen measures,
the catalogue's counted piece weight of its own ingredients and the
measures of kitchen_measures.tsv (one of these named as the catalogue's
piece stands instead of it).
"""
import sys

# (column name, ABBREV field index, zero-based)
NUTRIENTS = [
    ("kcal", 3), ("protein_g", 4), ("fat_g", 5), ("carbs_g", 7),
    ("fiber_g", 8), ("sugar_g", 9), ("sat_fat_g", 44), ("sodium_mg", 15),
    ("cholesterol_mg", 47), ("calcium_mg", 10), ("iron_mg", 11),
    ("magnesium_mg", 12), ("potassium_mg", 14), ("vitamin_c_mg", 20),
    ("vitamin_d_ug", 41), ("vitamin_a_rae_ug", 33), ("vitamin_b12_ug", 31),
    ("folate_dfe_ug", 29), ("zinc_mg", 16),
]

def num(s):
    if s == "":
        return ""
    v = float(s)
    out = f"{v:.3f}".rstrip("0").rstrip(".")
    return out if out != "-0" else "0"

def kitchen_pieces(kitchen_path, ingredients_path):
    ndb = {}
    for line in open(ingredients_path, encoding="utf-8"):
        if line.startswith("#") or line.startswith("name\t"):
            continue
        f = line.rstrip("\n").split("\t")
        ndb[f[0]] = f[1]
    pieces = {}
    for line in open(kitchen_path, encoding="utf-8"):
        if line.startswith("#") or line.startswith("name\t"):
            continue
        f = line.rstrip("\n").split("\t")
        m = f[2].split(" ", 2)
        if m[0] in ("piece", "whole") and f[0] in ndb:
            one = m[2].split("/")[0]
            pieces[ndb[f[0]]] = (num(m[1]), "1 " + one)
    return pieces

def main():
    abbrev, kitchen, ingredients, extra = sys.argv[1:5]
    pieces = kitchen_pieces(kitchen, ingredients)
    extras = {}
    for line in open(extra, encoding="utf-8"):
        if line.startswith("#") or line.startswith("ndb\t"):
            continue
        f = line.rstrip("\n").split("\t")
        extras.setdefault(f[0], []).append((num(f[1]), f[2]))
    print("# USDA SR28 foods: U.S. Department of Agriculture, Agricultural Research")
    print("# Service, USDA National Nutrient Database for Standard Reference, Release 28")
    print("# (public domain), abbreviated file ABBREV.txt. Per 100 g of edible portion;")
    print("# an empty value is unknown in SR28. Measures: GRAMS=DESCRIPTION;... from")
    print("# SR28's GmWt_1/GmWt_2, then (marked kitchen:) the counted piece weight of")
    print("# crates/catalogue/data/kitchen.tsv for the catalogue's own ingredients and")
    print("# the measures of kitchen_measures.tsv.")
    print("# Derived by derive_sr28.py; do not edit by hand.")
    print("\t".join(["ndb", "description"] + [n for n, _ in NUTRIENTS] + ["measures"]))
    for raw in open(abbrev, encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) < 53:
            continue
        measures = []
        for g, d in ((f[48], f[49]), (f[50], f[51])):
            if g and d.strip():
                measures.append(f"{num(g)}={' '.join(d.split())}")
        # A measure of kitchen_measures.tsv named as the catalogue's piece
        # ("1 avocado") stands instead of it (branch ingr27: the catalogue's
        # 150 g avocado against SR28's 201 g fruit of the row).
        own = {d for _, d in extras.get(f[0], [])}
        if f[0] in pieces and pieces[f[0]][1] not in own:
            g, d = pieces[f[0]]
            measures.append(f"{g}=kitchen:{d}")
        for g, d in extras.get(f[0], []):
            measures.append(f"{g}=kitchen:{d}")
        row = [f[0], f[1]] + [num(f[i]) for _, i in NUTRIENTS] + [";".join(measures)]
        print("\t".join(row))

if __name__ == "__main__":
    main()
