#!/usr/bin/env python3
"""Keying rules K7 and K8 (branch ingr20), applied to every set's key.

K7: a line that names a product, brand-type or variety SR28 has its own row
for has that row as an acceptable equivalent. The key's first (counted) row
stays, unless it is a stand-in of another food (its description lacks the
product's head words), in which case SR28's own row becomes first and the
stand-in an equivalent.
K8: where two or more SR28 rows are equally what the line says, all are
equivalents (the first row stays).

Each rule is a word pattern on the line and a pattern on ABBREV.txt's
descriptions; no line is named by number. Every changed key line is
printed as a Markdown table row (set, line, text, before, after, rule).
Usage, from this folder:
    python3 key_rules_k7_k8.py /work/shared/data/usda-sr28/ABBREV.txt [--write]
then `python3 hand_nutrition.py ABBREV.txt SET.txt` for each set whose
first NDB of a line changed.
"""
import re
import sys

SETS = ["dev.txt", "heldout.txt"] + [f"heldout{i}.txt" for i in range(2, 18)] + ["heldout20.txt", "heldout21.txt"]


from keyscript import load, run, said


DESC = {}


def rows(pattern):
    """NDBs whose ABBREV description matches the pattern, in NDB order."""
    rx = re.compile(pattern)
    return sorted(n for n, d in DESC.items() if rx.search(d))


def food_part(text):
    """The line without its note after the first comma (the food said)."""
    return text.split(",")[0]


# ---------------------------------------------------------------- K7 ----
# (line pattern, line pattern that must not match, description pattern of
#  SR28's own row(s), head pattern a non-stand-in first row carries)
PRODUCTS = [
    (r"\bspam\b", r"\blite\b|\blight\b", r"SPAM(?! LITE)", r"LUNCHEON MEAT|SPAM"),
    (r"\bwhole[- ]wheat\b.*\b(hamburger|burger|hot ?dog)?\s*(buns?|rolls?)\b",
     r"dinner|bread", r"^ROLLS,HAMBURGER OR HOT ?DOG,WHL WHEAT", r"^ROLLS,HAMBURGER"),
    (r"\b(genoa|hard|dry)\s+salami\b", None, r"^SALAMI,DRY OR HARD", r"SALAMI"),
    (r"\b(deli|sliced|lunch ?meat|luncheon)\b.*\bturkey\b|\bturkey\b.*\b(deli|lunch ?meat)\b",
     r"\bground\b|\braw\b|\bbacon\b", r"^TURKEY BREAST,.*(PREPACKAGED|DELI)", r"TURKEY"),
    (r"cooking spray|\bpam\b", None, r"COOKING SPRAY", r"^OIL"),
    (r"thousand island|1000 island", None, r"1000 ISLAND,COMM,REG", r"1000 ISLAND"),
    # Stock made up from a cube: SR28's cubed broth prepared with water.
    (r"\bbeef\b.*\b(made|make) (up )?(with|from)\b.*\bcubes?\b", r"\bchicken\b",
     r"^SOUP,BF BROTH,CUBED,PREP W/H2O", r"BROTH|BOUILLON"),
    (r"\bchicken\b.*\b(made|make) (up )?(with|from)\b.*\bcubes?\b", None,
     r"^SOUP,CHICK BROTH CUBES,DRY,PREP W/ H2O", r"BROTH|BOUILLON"),
    # A cube itself: SR28's dry cube.
    (r"\bbeef\b.*\b(stock|bouillon|broth)\s+cubes?\b|\bbeef\s+cubes?\b.*\b(stock|bouillon)|\boxo\b",
     r"\bchicken\b", r"^SOUP,BEEF BROTH,CUBED,DRY", r"BROTH|BOUILLON"),
    (r"\bchicken\b.*\b(stock|bouillon|broth)\s+cubes?\b", None,
     r"^SOUP,CHICK BROTH CUBES,DRY$", r"BROTH|BOUILLON"),
    (r"taco seasoning", r"home-?made", r"^SEASONING MIX,DRY,TACO", r"SEASONING MIX"),
    (r"\bsaz[oó]n\b", None, r"SAZON", r"SAZON"),
    (r"\bro-?tel\b|tomatoes with (green )?chil", None, r"^TOMATOES,RED,RIPE,CND,W/GRN CHILIES",
     r"TOMATOES"),
    (r"\britz\b", None, r"RITZ", r"CRACKERS"),
    (r"sweet baby ray", None, r"SWT BABY RAY'S", r"BARBECUE"),
    (r"pumpkin pie spice", None, r"^PUMPKIN PIE SPICE", r"PUMPKIN PIE SPICE"),
    (r"\bdried\s+(red\s+)?(chil(l)?ies|chiles|chilis|chili peppers)\b|\bdried\s+(red\s+)?chil(l)?i\b",
     r"flakes|powder|crushed|ground", r"^PEPPERS,HOT CHILE,SUN-DRIED", r"PEPPER"),
    (r"\b(low|reduced|less)[- ]sodium\s+soy sauce", None, r"^SOY SAU.*LO NA", r"SOY SAU"),
    (r"gandules verdes|green pigeon ?peas", None, r"^PIGEONPEAS,IMMAT SEEDS,(?!RAW)", r"PIGEON"),
    (r"\bwhole[- ]grain\b.*\bbread\b", r"crumbs", r"^BREAD,MULTI-GRAIN \(INCLUDES WHOLE-GRAIN\)",
     r"BREAD"),
    (r"\brefrigerated pie crusts?\b", None, r"^PIE CRUST,REFR,REG,UNBAKED", r"PIE CRUST"),
    (r"\b(ground pork|pork mince|minced pork)\b", r"\d\s*%|lean|/\d", r"^PORK,FRESH,GROUND,RAW$",
     r"^PORK"),
    (r"\bcann?ed\b.*\bbaked beans\b|\bbaked beans\b.*\bcans?\b", r"pork|franks|home-?made",
     r"^BEANS,BKD,CND,PLN OR VEGETARIAN", r"BEANS,(BAKED|BKD)"),
]

APPLE_VARIETIES = {
    "granny smith": "GRANNY SMITH",
    "fuji": "FUJI",
    "gala": "GALA",
    "red delicious": "RED DELICIOUS",
    "golden delicious": "GOLDEN DELICIOUS",
}

NUTS = {  # a word of the line -> SR28's name of the nut or seed
    r"\bpeanuts?\b": r"^PEANUTS,ALL TYPES",
    r"\balmonds?\b": r"^NUTS,ALMONDS",
    r"\bcashews?\b": r"^NUTS,CASHEW NUTS",
    r"\bpecans?\b": r"^NUTS,PECANS",
    r"\bpistachios?\b": r"^NUTS,PISTACHIO NUTS",
    r"\bmacadamias?\b": r"^NUTS,MACADAMIA NUTS",
    r"\b(hazelnuts?|filberts?)\b": r"^NUTS,HAZELNUTS OR FILBERTS",
    r"\bsunflower seeds?\b": r"^SEEDS,SUNFLOWER SD KRNLS",
    r"\b(pumpkin seeds?|pepitas)\b": r"^SEEDS,PUMPKIN&SQUASH SD KRNLS",
}

# The qualifiers of a cheese row, and the words a line says them with.
CHEESE_WORDS = {
    "PART SKIM MILK": r"part[- ]skim",
    "PART-SKIM": r"part[- ]skim",
    "LO MOIST": r"low[- ]moisture",
    "SHREDDED": r"shredded",
    "WHL MILK": r"whole[- ]milk",
}


def k7(text, key):
    """(rows to add, new first row or None) by K7, or None."""
    low = text.lower()
    food = food_part(low)
    for line_rx, not_rx, desc_rx, head_rx in PRODUCTS:
        if said(food, line_rx) and not (not_rx and said(low, not_rx)):
            own = rows(desc_rx)
            if own:
                first = key[0]
                stand_in = not re.search(head_rx, DESC.get(first, ""))
                return own, (own[0] if stand_in else None)
    for name, variety in APPLE_VARIETIES.items():
        if name in food and any(DESC.get(n, "").startswith("APPLES") for n in key):
            return rows(r"^APPLES,RAW,%s" % variety), None
    if said(food, r"\b(dry[- ])?roasted\b"):
        for word_rx, nut_rx in NUTS.items():
            if said(food, word_rx) and any(re.search(nut_rx, DESC.get(n, "")) for n in key):
                salt = "WITH SALT|W/SALT" if said(low, r"\bsalted\b") else "WO/SALT|WITHOUT SALT"
                roast = "OIL[- ]ROASTED|OIL RSTD" if said(low, r"\boil[- ]roasted") \
                    else "DRY[- ]ROASTED|DRY RSTD|,RSTD|ROASTED"
                own = [n for n in rows(nut_rx)
                       if re.search(roast, DESC[n]) and re.search(salt, DESC[n])]
                if own:
                    return own, None
    # A named cheese variety: SR28's rows of it whose every qualifier is said.
    cheese = [n for n in key if DESC.get(n, "").startswith("CHEESE,")]
    if cheese and not said(low, r"\blight\b|low[- ]fat|reduced[- ]fat|fat[- ]free|non-?fat|\blite\b"):
        variety = DESC[cheese[0]].split(",")[1]
        if variety.lower() in food:
            own = []
            for n in rows(r"^CHEESE,%s(,|$)" % re.escape(variety)):
                parts = DESC[n].split(",")[2:]
                if all(p in CHEESE_WORDS and said(food, CHEESE_WORDS[p]) for p in parts):
                    own.append(n)
            if own:
                return own, None
    return None


# ---------------------------------------------------------------- K8 ----
COMMON_OILS = r"^OIL,(SOYBN,SALAD OR COOKING$|CANOLA$|CORN,INDUSTRIAL & RTL|SUNFLOWER,LINOLEIC,\(APPROX|OLIVE,SALAD|PNUT,SALAD|CTTNSD,SALAD|SAFFLOWER,SALAD OR COOKING,HI OLEIC|VEG)"
OIL_KINDS = r"ajonjol|s[ée]samo|girasol|ma[ií]z|\bcoco\b|cacahuate|man[ií]\b|olive|sesame|coconut|canola|rapeseed|sunflower|peanut|groundnut|corn|avocado|mustard|walnut|chili|chilli|truffle|palm|safflower|grapeseed|flaxseed|oliva|girassol|cocco|spray|pam\b"


def k8(text, key, grams):
    """(rows to add, rule tag) by K8, or None."""
    low = text.lower()
    food = food_part(low)
    first = DESC.get(key[0], "")
    # Chicken legs, thighs and drumsticks: the leg and its two parts.
    if said(food, r"chicken (legs?|leg quarters?)\b|thighs? (and|&) drumsticks?|drumsticks? (and|&) thighs?") \
            and first.startswith("CHICKEN,BROILERS OR FRYERS,"):
        state = first.split(",", 3)[3]  # e.g. MEAT&SKN,RAW
        return rows(r"^CHICKEN,BROILERS OR FRYERS,(LEG|THIGH|DRUMSTK),%s$" % re.escape(state)), "K8 legs"
    # Hot dogs, franks: the meat and the meat-and-poultry franks.
    if said(food, r"hot ?dogs?\b|frankfurters?\b|\bfranks?\b|wieners?\b") and not said(food, r"buns?\b") \
            and not said(food, r"\b(beef|pork|chicken|turkey|veg\w*|tofu)\b") \
            and first.upper().startswith("FRANKFURTER"):
        return rows(r"^FRANKFURTER  MEAT$|^Frankfurter, meat and poultry, unheated$"), "K8 franks"
    # Oil of no kind: soybean and canola; at 0 g any common cooking oil.
    if said(low, r"\boil\b|\baceite\b|\bóleo\b|\bolio\b") and not said(low, OIL_KINDS) \
            and any(DESC.get(n, "").startswith("OIL,") for n in key):
        if grams == 0:
            return rows(COMMON_OILS), "K8 oil"
        return ["04044", "04582"], "K8 oil"
    # Lemon or lime to serve, 0 g: any lemon or lime row.
    if grams == 0 and said(low, r"\blemons?\b|\blimes?\b|\blim[oó]n(es)?\b|\blimas?\b|\blimão\b|\blimone\b") \
            and said(low, r"wedge|slice|serv|garnish|squeez|decorat|halve|cuart|gajo") \
            and not said(low, r"zest|peel|lemongrass|lemon grass|leaves|leaf|dried|c[áa]scara|ralladura|juice|jugo|zumo") \
            and any(re.match(r"LEMON|LIME", DESC.get(n, "")) for n in key):
        return rows(r"^(LEMONS,RAW|LIMES,RAW|LEMON JUICE,RAW|LIME JUICE,RAW)"), "K8 lemon"
    # Mint of no kind: peppermint and spearmint.
    if said(food, r"\bmint\b") and not said(low, r"dried|peppermint|spearmint|jelly|sauce") \
            and first.startswith(("PEPPERMINT", "SPEARMINT,FRESH")):
        return ["02064", "02065"], "K8 mint"
    # Lettuce of no kind: every raw lettuce row.
    if said(food, r"\blettuce\b") and not said(low, r"romaine|\bcos\b|iceberg|butter|bibb|boston|leaf lettuce|little gem|gem\b|crisphead") \
            and first.startswith("LETTUCE,"):
        return rows(r"^LETTUCE,.*,RAW$"), "K8 lettuce"
    # Cornmeal of no kind: whole-grain and degermed of the colour said.
    if said(food, r"\bcornmeal\b|\bcorn meal\b") and not said(low, r"whole[- ]grain|degermed|self[- ]rising|masa") \
            and first.startswith("CORNMEAL"):
        colour = "YEL" if said(low, "yellow") else "WHITE" if said(low, "white") else "(YEL|WHITE)"
        return rows(r"^CORNMEAL,(WHOLE-GRAIN|DEGERMED,(ENR|UNENR)),%s$" % colour), "K8 cornmeal"
    # Butter, salted or not unsaid: both.
    if said(food, r"\bbutter\b") and not said(low, r"salted|unsalted|peanut|nut butter|almond|apple|cocoa|butter beans|shea") \
            and key[0] in ("01001", "01145"):
        return ["01001", "01145"], "K8 butter"
    # Tahini: every tahini row.
    if said(food, r"\btahini\b|\btahina\b") and first.startswith("SESAME BUTTER"):
        return rows(r"^SESAME BUTTER,TAHINI"), "K8 tahini"
    # Potatoes: by texture, the kinds of it and the generic row; boiled,
    # the raw potato as bought and SR28's two boiled rows.
    if said(food, r"\bpotato(es)?\b") and not said(food, r"sweet|instant|flakes|chips|starch|\bflour\b|tots|fries|hash") \
            and first.startswith("POTATOES,"):
        add = []
        if said(food, r"\bwaxy\b"):
            add += ["11352", "11355", "11354"]
        if said(food, r"\b(floury|mealy)\b"):
            add += ["11352", "11353"]
        if said(low, r"\bboiled\b"):
            add += ["11352", "11365", "11367"]
        if add:
            return add, "K8 potatoes"
    # Pie crust of no kind, unbaked: refrigerated, frozen and home-made.
    if said(food, r"\bpie (crusts?|shells?|pastry)\b") and not said(low, r"graham|cookie|pre-?baked|\bbaked\b|crumb|refrigerated|frozen|home-?made") \
            and first.startswith("PIE CRUST"):
        return rows(r"^PIE CRUST,(REFR,REG,UNBAKED|STANDARD-TYPE,FRZ,RTB,ENR$|STANDARD-TYPE,PREP FROM RECIPE,UNBAKED)"), "K8 pie crust"
    # Ribeye with the lip unsaid: lip-on 1/8" and lip-off 0", lean and fat.
    if said(food, r"\brib ?eye\b") and not said(low, r"\blip\b|\blean\b|trimmed|prime|bone[- ]in|on the bone") \
            and re.search(r"LN ?& ?FAT", first) and "RIB" in first:
        return rows(r"^BEEF,RIB EYE (STK/RST,BNLS,LIP-ON,LN & FAT,1/8\" FAT|STEAK,BNLESS,LIP OFF,LN & FAT,0\" FAT),(AL|ALL) (GRD|GRDS|GRD),(RW|RAW)$|^BEEF,RIB EYE (STK/RST,BNLS,LIP-ON,LN & FAT,1/8\" FAT|STEAK,BNLESS,LIP OFF,LN & FAT,0\" FAT),(CHOIC|SEL),(RW|RAW)$"), "K8 ribeye"
    # Pork chops of no cut: centre loin and blade chops, bone as said.
    if said(food, r"\bpork chops?\b") and not said(low, r"cent(er|re)|blade|\brib\b|sirloin|loin|\blean\b|trimmed") \
            and re.search(r"LN ?& ?FAT", first):
        bone = "BNLESS" if said(low, "boneless") else "BONE-IN"
        return rows(r"^PORK,FRSH,LOIN,(CNTR LOIN \(CHOPS\)|BLADE \(CHOPS OR ROASTS\)),%s,LN ?& ?FAT,RAW$" % bone), "K8 pork chops"
    # Beef chuck of no cut: the arm and the blade roasts, lean and fat 1/8".
    if said(food, r"\bchuck\b") and not said(low, r"\barm\b|\bblade\b|ground|\blean\b|trimmed|short rib|eye|stew") \
            and re.search(r"^BEEF,CHUCK", first) and re.search(r"LN ?& ?FAT", first):
        return rows(r"^BEEF,CHUCK,(ARM POT RST|BLADE RST),LN&FAT,1/8\"FAT,(ALL GRDS|CHOIC|SEL),RAW$"), "K8 chuck"
    return None


def main():
    global DESC
    DESC = load(sys.argv[1])

    def change(text, key, grams):
        after = list(key)
        tags = []
        seven = k7(text, key)
        if seven:
            own, new_first = seven
            if new_first and new_first != after[0]:
                after = [new_first] + [n for n in after if n != new_first]
            added = [n for n in own if n not in after]
            after += added
            if after != key:
                tags.append("K7")
        eight = k8(text, after, float(grams))
        if eight:
            add, tag = eight
            added = [n for n in dict.fromkeys(add) if n not in after and n in DESC]
            if added:
                after += added
                tags.append(tag.split()[0])
        return after, tags

    run(SETS, change)


if __name__ == "__main__":
    main()
