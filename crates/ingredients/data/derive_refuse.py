#!/usr/bin/env python3
"""Derive refuse.tsv: SR28's refuse (bone, skin, fat trimmed off as bought)
of its meat, poultry and fish foods, so that a mass of bone-in meat as
bought is counted by its edible part.

Usage: python3 derive_refuse.py ABBREV.txt > refuse.tsv
       python3 derive_refuse.py ABBREV.txt --produce > produce_refuse.tsv

Keeps foods of SR28 groups 05 (poultry), 10 (pork), 13 (beef), 15 (fish
and shellfish) and 17 (lamb, veal, game) whose Refuse_Pct (field 53) is
above 0; with --produce (branch ingr23), the raw foods of groups 09
(fruit) and 11 (vegetables) instead: peel, seeds, core and stem of a
piece as bought, for a counted piece weighed whole and then peeled.
"""
import sys

GROUPS = {5, 10, 13, 15, 17}
PRODUCE = {9, 11}


def main():
    produce = "--produce" in sys.argv
    groups = PRODUCE if produce else GROUPS
    kind = "raw fruit and vegetable" if produce else "meat, poultry and fish"
    print(f"# SR28 Refuse_Pct of {kind} foods (ABBREV.txt field 53):")
    print("# U.S. Department of Agriculture, Agricultural Research Service, USDA")
    print("# National Nutrient Database for Standard Reference, Release 28 (public")
    print("# domain). Derived by derive_refuse.py; do not edit by hand.")
    print("ndb\trefuse_pct")
    for raw in open(sys.argv[1], encoding="latin-1"):
        f = [x.strip("~") for x in raw.rstrip("\r\n").split("^")]
        if len(f) < 53 or not f[52]:
            continue
        if int(f[0]) // 1000 not in groups:
            continue
        if produce and "RAW" not in f[1].split(","):
            continue
        pct = float(f[52])
        if pct > 0:
            print(f"{f[0]}\t{pct:g}")


if __name__ == "__main__":
    main()
