#!/usr/bin/env python3
"""Write SR28's micronutrients into ingredients.tsv, the catalogue's table.

Usage: python3 derive_micronutrients.py ABBREV.txt ingredients.tsv > new.tsv

Keeps each row's name, NDB number, macros and tags as they are and sets
its ten micronutrient columns (per 100 g of edible portion) to SR28's
values of the row's NDB_No: calcium, iron, magnesium, potassium and zinc
(mg), vitamin A (ug RAE), vitamin C (mg), vitamin D (ug), vitamin B12 (ug)
and folate (ug DFE). An empty SR28 value (unknown) is written 0, as the
table's other columns are. Running it again changes nothing.
"""
import sys

# (column name, ABBREV field index, zero-based); see the data README.
MICRO = [
    ("calcium_mg", 10), ("iron_mg", 11), ("magnesium_mg", 12),
    ("potassium_mg", 14), ("zinc_mg", 16), ("vitamin_a_rae_ug", 33),
    ("vitamin_c_mg", 20), ("vitamin_d_ug", 41), ("vitamin_b12_ug", 31),
    ("folate_dfe_ug", 29),
]
MACRO = ["name", "ndb_no", "kcal", "protein", "fat", "carbs", "fiber", "sugar"]

HEADER = """# Ingredient table of the mealplan reference catalogue.
# Nutrient values per 100 g of edible portion, from the USDA National Nutrient
# Database for Standard Reference, Release 28 (SR28), abbreviated file: U.S.
# Department of Agriculture, Agricultural Research Service. Public domain.
# An empty SR28 value (unknown) is written as 0.
# Columns: name, SR28 NDB_No, kcal, protein g, fat g, carbohydrate g (by
# difference), fiber g, sugar g, then SR28's calcium mg, iron mg, magnesium
# mg, potassium mg, zinc mg, vitamin A ug RAE, vitamin C mg, vitamin D ug
# (D2 + D3), vitamin B12 ug, folate ug DFE (written by
# derive_micronutrients.py from ABBREV.txt; do not edit them by hand), and
# tags (animal origin, allergens, tastes; see crates/catalogue/src/rules.rs)."""


def num(s):
    if s == "":
        return "0"
    out = f"{float(s):.3f}".rstrip("0").rstrip(".")
    return out if out != "-0" else "0"


def main():
    abbrev, table = sys.argv[1:3]
    sr28 = {}
    for raw in open(abbrev, encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) >= 53:
            sr28[f[0]] = f
    print(HEADER)
    print("\t".join(MACRO + [n for n, _ in MICRO] + ["tags"]))
    for line in open(table, encoding="utf-8"):
        if line.startswith("#") or line.startswith("name\t") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        macros, tags = f[:8], f[-1]
        food = sr28.get(macros[1])
        if food is None:
            sys.exit(f"{macros[0]}: NDB_No {macros[1]} is not in SR28")
        print("\t".join(macros + [num(food[i]) for _, i in MICRO] + [tags]))


if __name__ == "__main__":
    main()
