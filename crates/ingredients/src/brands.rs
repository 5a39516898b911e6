//! Brands that make the plain food a line names: "a 415 g tin of Heinz
//! baked beans" is baked beans, "Knorr caldo de pollo" chicken bouillon.
//! The brand's words are dropped before the food is looked up, so they
//! neither send a line to review nor count as a word the food must say.
//! Only brands SR28 gives no row of their own are listed: a brand SR28
//! keeps ("KRAFT", "PACE", "CAMPBELL'S") is searched like any word.

/// The brands, each as its lower-case words ("p a n" for P.A.N.; accents
/// folded). A brand that names a kind of food (Ro-Tel: tomatoes with
/// green chiles) is a name in `data/names.tsv` instead.
const BRANDS: &[&[&str]] = &[
    &["heinz"],
    &["goya"],
    &["knorr"],
    &["oxo"],
    &["bertolli"],
    &["ragu"],
    &["p", "a", "n"],
    &["maggi"],
    &["bisto"],
    &["hellmann", "s"],
    &["hellmanns"],
    &["mutti"],
    &["barilla"],
    &["de", "cecco"],
    // Added on branch ingr18 (none has an SR28 row): Kewpie and Best
    // Foods mayonnaise, Hidden Valley ranch, Fritos corn chips, King's
    // Hawaiian rolls. (Bisquick, said alone for the mix, is a name.)
    &["kewpie"],
    &["best", "foods"],
    &["hidden", "valley"],
    &["fritos"],
    &["king", "s", "hawaiian"],
    &["kings", "hawaiian"],
    // Added on branch ingr21: Maseca masa harina.
    &["maseca"],
];

/// `words` without any brand's words.
pub(crate) fn without_brands(words: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let brand = BRANDS.iter().find(|b| {
            words.len() >= i + b.len() && b.iter().zip(&words[i..]).all(|(a, w)| *a == w.as_str())
        });
        match brand {
            Some(b) => i += b.len(),
            None => {
                out.push(words[i].clone());
                i += 1;
            }
        }
    }
    out
}
