//! Two invariants of the assistant, checked on every message of a corpus
//! file (the tuning corpus on each run of `chat_corpus`, both held-out
//! sets by `invariants_hold_over_the_held_out_sets`; any other file with
//! [`run`]):
//!
//! - **No negated act performs the positive act.** Where a message says
//!   an act only negated ("I'm not lactose intolerant", "todavía no he
//!   desayunado", "I don't want to lose weight anymore", "don't make a new
//!   plan"), its positive effect never happens: no allergy or intolerance
//!   stored, no meal ticked off, no diet type added, no goal set to it, no
//!   plan replaced.
//! - **No allergy said is lost.** Every allergen a message says the
//!   writer is allergic or intolerant to ends up among their
//!   restrictions, or the answer asks about it.
//!
//! Negation is read here by a small NegEx of this file's own (trigger
//! words, five words of scope, clauses ended by punctuation and
//! conjunctions), independent of the assistant's, so a reader that misses
//! a negation is caught rather than agreed with.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::chat_corpus::Seen;
use crate::helpers::Backend;

/// Words that negate what follows (EN and ES, accents folded, an
/// apostrophe a space).
const TRIGGERS: &[&str] = &[
    "not",
    "no",
    "never",
    "don t",
    "dont",
    "doesn t",
    "didn t",
    "didnt",
    "isn t",
    "aren t",
    "haven t",
    "havent",
    "hasn t",
    "won t",
    "no longer",
    "nunca",
    "ya no",
    "todavia no",
    "aun no",
    "tampoco",
    "jamas",
    "ni",
];

/// Words that negate what came before them in the clause.
const AFTER: &[&str] = &["anymore", "any more"];

/// Words that end a clause.
const ENDS: &[&str] = &["but", "pero", "and", "y", "aunque", "although", "sino"];

/// Acts, each with the words that carry it.
const EATING: &[&str] = &[
    "ate",
    "eaten",
    "had",
    "comi",
    "comido",
    "desayune",
    "desayunado",
    "cene",
    "cenado",
    "almorce",
    "almorzado",
    "merende",
    "merendado",
    "tick",
    "ticked",
];
const UNDO: &[&str] = &["undo", "untick", "unmark", "desmarca", "deshaz"];
const DIETS: &[(&str, &[&str])] = &[
    ("vegan", &["vegan", "vegana", "vegano"]),
    (
        "vegetarian",
        &["vegetarian", "vegetariana", "vegetariano", "veggie"],
    ),
];
const ALLERGY: &[&str] = &[
    "allergic",
    "allergy",
    "allergies",
    "alergico",
    "alergica",
    "alergia",
    "alergias",
    "intolerant",
    "intolerance",
    "intolerante",
    "intolerancia",
    "celiac",
    "coeliac",
    "celiaco",
    "celiaca",
];
const GOALS: &[(&str, &[&str])] = &[
    (
        "lose_weight",
        &[
            "lose weight",
            "perder peso",
            "bajar de peso",
            "adelgazar",
            "lose some weight",
        ],
    ),
    (
        "gain_weight",
        &[
            "gain weight",
            "ganar peso",
            "subir de peso",
            "engordar",
            "put on weight",
        ],
    ),
];
const NEW_PLAN: &[&str] = &[
    "new plan",
    "another plan",
    "create",
    "make me",
    "generate",
    "plan nuevo",
    "nuevo plan",
    "otro plan",
    "genera",
    "crea",
    "hazme",
];

/// Allergens as messages name them, with the parts of a stored
/// restriction name that keep each out.
const ALLERGENS: &[(&[&str], &[&str])] = &[
    (&["egg", "eggs", "huevo", "huevos"], &["egg"]),
    (
        &["peanut", "peanuts", "cacahuete", "cacahuetes", "mani"],
        &["peanut", "nut"],
    ),
    (
        &["nut", "nuts", "nueces", "frutos secos", "tree nuts"],
        &["nut"],
    ),
    (
        &["milk", "lactose", "dairy", "leche", "lactosa", "lacteos"],
        &["lactose", "milk", "dairy"],
    ),
    (
        &[
            "gluten", "wheat", "trigo", "celiac", "coeliac", "celiaco", "celiaca",
        ],
        &["gluten", "wheat"],
    ),
    (
        &["shellfish", "marisco", "mariscos", "shrimp", "gambas"],
        &["shellfish", "seafood", "crustacean", "mollus", "shrimp"],
    ),
    (&["fish", "pescado"], &["fish", "seafood"]),
    (&["soy", "soja"], &["soy"]),
    (&["sesame", "sesamo"], &["sesame"]),
    (&["mustard", "mostaza"], &["mustard"]),
    (&["celery", "apio"], &["celery"]),
];

/// Words that say the message is about someone else.
const OTHERS: &[&str] = &[
    "son",
    "daughter",
    "wife",
    "husband",
    "mom",
    "mum",
    "mother",
    "dad",
    "father",
    "friend",
    "kid",
    "kids",
    "partner",
    "hijo",
    "hija",
    "esposa",
    "marido",
    "mujer",
    "madre",
    "mama",
    "padre",
    "papa",
    "amigo",
    "amiga",
    "novio",
    "novia",
    "pareja",
    "he",
    "she",
    "el",
    "ella",
    "grandson",
    "granddaughter",
    "grandchild",
    "grandma",
    "grandpa",
    "sister",
    "brother",
    "aunt",
    "uncle",
    "nieto",
    "nieta",
    "abuela",
    "abuelo",
    "hermana",
    "hermano",
    "tia",
    "tio",
    "hijita",
    "hijito",
    "pequena",
    "pequeno",
    "lil",
    "kiddo",
    "youngest",
    "eldest",
    "oldest",
    "chiquita",
    "chiquito",
    "peque",
    "nina",
    "nino",
    "baby",
    "bebe",
    "little",
];

/// Lowercase, accents folded, punctuation kept apart as its own word.
fn words(message: &str) -> Vec<String> {
    let mut out = String::new();
    for c in message.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'á' | 'à' => 'a',
            'é' | 'è' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' | 'ü' => 'u',
            'ñ' => 'n',
            c => c,
        };
        if c.is_alphanumeric() {
            out.push(c);
        } else if ".,;!?¿¡:".contains(c) {
            out.push_str(" , ");
        } else {
            out.push(' ');
        }
    }
    out.split_whitespace().map(str::to_owned).collect()
}

/// The clauses of a message, split at punctuation and conjunctions.
fn clauses(message: &str) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new()];
    for w in words(message) {
        if w == "," || ENDS.contains(&w.as_str()) {
            out.push(Vec::new());
        } else {
            out.last_mut().unwrap().push(w);
        }
    }
    out.retain(|c| !c.is_empty());
    out
}

fn at(clause: &[String], i: usize, phrase: &str) -> bool {
    let p: Vec<&str> = phrase.split(' ').collect();
    clause.len() >= i + p.len() && clause[i..i + p.len()].iter().zip(&p).all(|(a, b)| a == b)
}

/// How the phrases of an act occur in a message: (negated, affirmed).
fn occurs(message: &str, phrases: &[&str]) -> (bool, bool) {
    let (mut negated, mut affirmed) = (false, false);
    for clause in clauses(message) {
        let post = AFTER
            .iter()
            .any(|a| (0..clause.len()).any(|i| at(&clause, i, a)));
        for i in 0..clause.len() {
            if !phrases.iter().any(|p| at(&clause, i, p)) {
                continue;
            }
            let pre = (i.saturating_sub(5)..i).any(|j| TRIGGERS.iter().any(|t| at(&clause, j, t)));
            if pre || post {
                negated = true;
            } else {
                affirmed = true;
            }
        }
    }
    (negated, affirmed)
}

fn eaten_meals(seen: &Seen) -> BTreeSet<String> {
    seen.meals()
        .iter()
        .filter(|m| m["status"] == 1 || m["status"] == "completed")
        .map(|m| m["id"].to_string())
        .collect()
}

fn diets(seen: &Seen) -> BTreeSet<String> {
    seen.profile["diet_types"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|d| d["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a restriction name is an allergy or intolerance.
fn allergy_form(name: &str) -> bool {
    name.ends_with("allergy") || name == "lactose intolerance" || name == "gluten free"
}

/// What a message broke of the two invariants, given the state before
/// and after it and the answer.
pub(crate) fn broken(message: &str, before: &Seen, after: &Seen, answer: &str) -> Vec<String> {
    let mut out = Vec::new();
    let added: Vec<String> = after
        .names("restrictions")
        .difference(&before.names("restrictions"))
        .cloned()
        .collect();
    // Negated eating, or an undo: nothing newly ticked off.
    let (neg, aff) = occurs(message, EATING);
    let undo = occurs(message, UNDO).1;
    if (neg && !aff) || undo {
        let newly: Vec<String> = eaten_meals(after)
            .difference(&eaten_meals(before))
            .cloned()
            .collect();
        if !newly.is_empty() {
            out.push(format!("negated eating ticked meals {newly:?}"));
        }
    }
    // A negated diet: never added.
    for (diet, phrases) in DIETS {
        let (neg, aff) = occurs(message, phrases);
        if neg && !aff && diets(after).contains(*diet) && !diets(before).contains(*diet) {
            out.push(format!("negated diet {diet} was added"));
        }
    }
    // A negated allergy: no allergy or intolerance stored.
    let (neg, aff) = occurs(message, ALLERGY);
    if neg && !aff && added.iter().any(|n| allergy_form(n)) {
        out.push(format!("negated allergy stored {added:?}"));
    }
    // A negated goal: never set to it.
    for (goal, phrases) in GOALS {
        let (neg, aff) = occurs(message, phrases);
        let set = after.profile["goal"] == *goal && before.profile["goal"] != *goal;
        if neg && !aff && set {
            out.push(format!("negated goal {goal} was set"));
        }
    }
    // A negated new plan: the plan kept.
    let (neg, aff) = occurs(message, NEW_PLAN);
    if neg && !aff && before.plan_id().is_some() && after.plan_id() != before.plan_id() {
        out.push("negated plan request replaced the plan".into());
    }
    // Every allergen said in an affirmed allergy: stored, or asked about.
    let w = words(message);
    let about_others = w.iter().any(|x| OTHERS.contains(&x.as_str()));
    let (_, allergy_said) = occurs(message, ALLERGY);
    if allergy_said && !about_others && !answer.contains('?') {
        // "Marta is allergic to eggs": stored on Marta counts.
        let mut stored = after.names("restrictions");
        stored.extend(named_members_restrictions(&w, after));
        let joined = format!(" {} ", allergy_clauses(message).join(" "));
        for (names, kept_by) in ALLERGENS {
            // "soy" is also Spanish for "I am": the food only after "to".
            let said = names.iter().any(|n| {
                if *n == "soy" {
                    joined.contains(" to soy ")
                } else {
                    joined.contains(&format!(" {n} "))
                }
            });
            let kept = stored.iter().any(|s| kept_by.iter().any(|k| s.contains(k)));
            if said && !kept {
                out.push(format!(
                    "allergy to {} said but neither stored nor asked about (restrictions {stored:?})",
                    names[0]
                ));
            }
        }
    }
    out
}

/// The restrictions stored on the members a message names (`words`:
/// the message's words), so an allergy said of one ("Marta is allergic
/// to eggs") is found where it belongs.
fn named_members_restrictions(words: &[String], seen: &Seen) -> BTreeSet<String> {
    seen.members
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| {
            m["name"].as_str().is_some_and(|name| {
                let name = self::words(name);
                !name.is_empty() && words.windows(name.len()).any(|w| w == name.as_slice())
            })
        })
        .flat_map(|m| m["restrictions"].as_array().into_iter().flatten())
        .filter_map(|r| r["name"].as_str().map(str::to_owned))
        .collect()
}

/// The words of the clauses that say an allergy (affirmed), with the
/// bare lists that continue them ("allergic to eggs and peanuts").
fn allergy_clauses(message: &str) -> Vec<String> {
    const LIST: &[&str] = &[
        "the", "a", "an", "los", "las", "el", "la", "al", "a", "also", "too", "tambien", "to",
        "tree", "frutos", "secos", "seeds", "semillas",
    ];
    let allergen = |w: &str| ALLERGENS.iter().any(|(names, _)| names.contains(&w));
    let mut out = Vec::new();
    let mut open = false;
    for clause in clauses(message) {
        let anchored = (0..clause.len()).any(|i| ALLERGY.iter().any(|a| at(&clause, i, a)))
            && occurs(&clause.join(" "), ALLERGY).1;
        let bare = clause
            .iter()
            .all(|w| allergen(w) || LIST.contains(&w.as_str()));
        if anchored || (open && bare) {
            out.extend(clause.iter().cloned());
            open = true;
        } else {
            open = false;
        }
    }
    out
}

/// Runs every message of the corpus file at `path` (relative to the
/// workspace root, or absolute) and returns the number of messages and
/// each one that broke an invariant, whatever its other expectations.
pub(crate) async fn run(b: Backend, path: &str) -> (usize, Vec<String>) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    crate::chat_corpus::run_with(b, &text, true).await
}

/// The invariants over one corpus file, named by `CHAT_INVARIANTS_FILE`
/// (default: the tuning corpus, whose run checks them anyway), on
/// SQLite: `CHAT_INVARIANTS_FILE=tests/chat/heldout.txt cargo test
/// --workspace --test api -- --ignored invariants_hold_over_a_corpus_file
/// --nocapture`. Prints the count of messages that broke one.
#[actix_web::test]
#[ignore = "measures a corpus file given by CHAT_INVARIANTS_FILE"]
async fn invariants_hold_over_a_corpus_file() {
    let path =
        std::env::var("CHAT_INVARIANTS_FILE").unwrap_or_else(|_| "tests/chat/corpus.txt".into());
    let (messages, broken) = run(Backend::Sqlite, &path).await;
    println!(
        "{path}: {} of {messages} messages broke an invariant\n\n{}",
        broken.len(),
        broken.join("\n\n")
    );
    assert!(
        broken.is_empty(),
        "{} of {messages} broke an invariant",
        broken.len()
    );
}

/// The invariants hold over the held-out sets too (`heldout.txt`,
/// `heldout2.txt`, `heldout3.txt`), whatever their other expectations: their scores are
/// only measured, but a negation done the other way round or an allergy
/// lost fails here.
#[actix_web::test]
async fn invariants_hold_over_the_held_out_sets() {
    for path in [
        "tests/chat/heldout.txt",
        "tests/chat/heldout2.txt",
        "tests/chat/heldout3.txt",
    ] {
        let (messages, broken) = run(Backend::Sqlite, path).await;
        assert!(
            broken.is_empty(),
            "{path}: {} of {messages} broke an invariant:\n\n{}",
            broken.len(),
            broken.join("\n\n")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negation_is_read_by_scope_and_clause() {
        assert_eq!(occurs("I'm not lactose intolerant", ALLERGY), (true, false));
        assert_eq!(
            occurs("I'm allergic to eggs, and I don't like spicy food", ALLERGY),
            (false, true)
        );
        assert_eq!(occurs("todavía no he desayunado", EATING), (true, false));
        assert_eq!(
            occurs("i dont want to lose weight anymore", GOALS[0].1),
            (true, false)
        );
        assert_eq!(occurs("no pude comer pero ya cené", EATING), (false, true));
    }

    #[test]
    fn an_allergy_lost_or_a_negated_act_done_is_reported() {
        let seen = |restrictions: &[&str], goal: &str| Seen {
            profile: serde_json::json!({
                "restrictions": restrictions.iter().map(|r| serde_json::json!({"name": r})).collect::<Vec<Value>>(),
                "goal": goal,
            }),
            ..Seen::default()
        };
        let before = seen(&[], "maintain_weight");
        assert!(
            broken(
                "I'm allergic to eggs",
                &before,
                &seen(&["egg allergy"], "maintain_weight"),
                ""
            )
            .is_empty()
        );
        assert_eq!(
            broken(
                "I'm allergic to eggs and sesame",
                &before,
                &seen(&["egg allergy"], "maintain_weight"),
                ""
            )
            .len(),
            1
        );
        assert!(broken("allergic to what?", &before, &before, "Which food?").is_empty());
        // Said of a named member and stored on her: not lost; stored on
        // another member, or on no one: lost.
        let with_members = |marta: &[&str], ana: &[&str]| Seen {
            members: serde_json::json!([
                {"name": "Marta", "restrictions": marta.iter().map(|r| serde_json::json!({"name": r})).collect::<Vec<Value>>()},
                {"name": "Ana", "restrictions": ana.iter().map(|r| serde_json::json!({"name": r})).collect::<Vec<Value>>()},
            ]),
            ..before.clone()
        };
        let marta = "Marta is allergic to eggs";
        assert!(broken(marta, &before, &with_members(&["egg allergy"], &[]), "").is_empty());
        assert_eq!(
            broken(marta, &before, &with_members(&[], &["egg allergy"]), "").len(),
            1
        );
        assert_eq!(broken(marta, &before, &with_members(&[], &[]), "").len(), 1);
        assert_eq!(
            broken(
                "I'm not lactose intolerant",
                &before,
                &seen(&["lactose intolerance"], "maintain_weight"),
                ""
            )
            .len(),
            1
        );
        assert_eq!(
            broken(
                "i dont want to lose weight anymore",
                &before,
                &seen(&[], "lose_weight"),
                ""
            )
            .len(),
            1
        );
    }
}
