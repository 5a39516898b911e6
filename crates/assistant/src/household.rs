//! Reading what a message says about the household: a member to add
//! ("add my wife Ana, she's 34, 165 cm, 60 kg", "añade a mi hijo Leo, 17
//! años"), who is in it ("¿quién está en mi familia?"), whether a plan is
//! for everyone at the table ("a plan for the whole family"), and the
//! facts of a person said in a later message ("she is 34 and 60 kg").
//! Names are read from the message as written (a name is no word to
//! mend); everything else through the same readers as the holder's own
//! statements.

use mealplan_domain::{BirthDate, Gender, Goal};

use super::foods;
use super::lang::{Lang, normalise};
use super::measures::{activity, body_weight, child_weight, height, meals_a_day};
use super::others::{rules, said_of_them};
use super::part::{Read, decimal_points, parts};
use super::relations::{relation, relation_after_mine, relation_in};
use super::request::{MemberFacts, ToolRequest};
use super::vocab::*;
use super::words::{Text, is_known, is_word, next, numbers, relation_phrase_at};

/// A word of the message as written, with its normalised and mended forms.
struct Token {
    raw: String,
    word: String,
    mended: String,
    /// A sentence or clause mark comes before it.
    after_mark: bool,
}

fn tokens(message: &str) -> Vec<Token> {
    tokens_of(message, true)
}

/// [`tokens`]; without `mend`, each word's mended form is left as it is
/// written (nothing is mended).
fn tokens_of(message: &str, mend: bool) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut current = String::new();
    let mut mark = false;
    let push = |current: &mut String, mark: &mut bool, out: &mut Vec<Token>| {
        if current.is_empty() {
            return;
        }
        let word = normalise(current);
        let mended = if mend {
            Text::new(current).joined()
        } else {
            word.clone()
        };
        out.push(Token {
            raw: std::mem::take(current),
            word,
            mended,
            after_mark: *mark,
        });
        *mark = false;
    };
    for c in message.chars() {
        if c.is_alphanumeric() {
            current.push(c);
        } else {
            push(&mut current, &mut mark, &mut out);
            if matches!(
                c,
                '.' | ',' | ';' | ':' | '!' | '?' | '¿' | '¡' | '\n' | '(' | ')'
            ) {
                mark = true;
            }
        }
    }
    push(&mut current, &mut mark, &mut out);
    // "my baby girl": one token, read as "daughter" (as `Text` reads it).
    let mended: Vec<&str> = out.iter().map(|t| t.mended.as_str()).collect();
    let mut phrases = Vec::new();
    let mut i = 0;
    while i < mended.len() {
        if let Some((n, word)) = relation_phrase_at(&mended, i) {
            phrases.push((i, n, word));
            i += n;
        } else {
            i += 1;
        }
    }
    for (i, n, word) in phrases.into_iter().rev() {
        let rest: Vec<Token> = out.drain(i + 1..i + n).collect();
        let first = &mut out[i];
        for t in rest {
            first.raw = format!("{} {}", first.raw, t.raw);
            first.word = format!("{} {}", first.word, t.word);
        }
        first.mended = word.to_owned();
    }
    out
}

/// Whether a word as written reads as a name: capitalised and no word of
/// the sentence, or lowercase and no word the assistant knows.
fn name_like(token: &Token) -> bool {
    let capital = token.raw.chars().next().is_some_and(char::is_uppercase);
    let word = token.word.as_str();
    !NOT_NAMES.contains(&word)
        && !word.chars().any(|c| c.is_ascii_digit())
        && word.chars().count() >= 2
        && relation(&token.mended).is_none()
        && (capital || !is_known(word))
}

/// The relation and name a message gives ("my wife Ana", "Carmen, my
/// mother", "her name is Ana", "se llama Leo").
fn who(message: &str) -> (Option<(&'static str, Option<Gender>)>, Option<String>) {
    let tokens = tokens(message);
    let mended: Vec<String> = tokens.iter().map(|t| t.mended.clone()).collect();
    let at = (0..tokens.len()).find(|&i| relation_in(&mended, i).is_some());
    let rel = at.and_then(|i| relation_in(&mended, i));
    let name_from = |i: usize| -> Option<String> {
        let mut words = Vec::new();
        for t in tokens.iter().skip(i) {
            if (!words.is_empty() && t.after_mark)
                || !name_like(t)
                || (!words.is_empty() && !t.raw.chars().next().is_some_and(char::is_uppercase))
            {
                break;
            }
            words.push(t.raw.clone());
            if words.len() == 2 {
                break;
            }
        }
        (!words.is_empty()).then(|| words.join(" "))
    };
    // "her name is Ana", "called Sam", "se llama Leo".
    for (i, t) in tokens.iter().enumerate() {
        let opener = match t.word.as_str() {
            "named" | "called" | "llama" | "llamada" | "llamado" => true,
            "is" | "es" => i > 0 && ["name", "nombre"].contains(&tokens[i - 1].word.as_str()),
            _ => false,
        };
        if opener
            && tokens.get(i + 1).is_some_and(|n| !n.after_mark)
            && let Some(name) = name_from(i + 1)
        {
            return (rel, Some(name));
        }
    }
    if let Some(i) = at {
        // "my wife Ana", "mi hijo Leo".
        if tokens.get(i + 1).is_some_and(|t| !t.after_mark)
            && let Some(name) = name_from(i + 1)
        {
            return (rel, Some(name));
        }
        // "add Ana, my wife", "añade a Carmen, mi madre".
        let before = tokens[..i]
            .iter()
            .rposition(|t| ADD_MEMBER.contains(&t.mended.as_str()))
            .map(|a| a + 1);
        if let Some(start) = before {
            let start = if tokens.get(start).is_some_and(|t| t.word == "a") {
                start + 1
            } else {
                start
            };
            if start < i
                && tokens[start]
                    .raw
                    .chars()
                    .next()
                    .is_some_and(char::is_uppercase)
                && let Some(name) = name_from(start)
            {
                return (rel, Some(name));
            }
        }
    }
    (rel, None)
}

/// The name a message starts with as the subject of a statement ("Ana
/// is allergic to shellfish", "Leo no come cerdo", "Luis weighs 80 kg
/// now", "Marta ya no come carne"): one of `names` (the household's
/// members, matched whatever their case) or a capitalised word that is
/// no word the assistant knows as written (a name is no slip to mend:
/// "Marta" is not "martes"), then a verb in the third person, maybe
/// after words that only qualify it ("also", "ya no", "now").
pub(super) fn named_subject(message: &str, names: &[String]) -> Option<String> {
    // The name and its verb stand in the first few words.
    let head = message
        .char_indices()
        .nth(120)
        .map_or(message, |(at, _)| &message[..at]);
    let tokens = tokens(head);
    let first = tokens.first()?;
    let member = names
        .iter()
        .find(|n| normalise(n.split_whitespace().next().unwrap_or(n)) == first.word);
    // "Tom, my son, is allergic to nuts": the relation said beside the
    // name is skipped.
    let beside = tokens.get(1).is_some_and(|t| {
        t.after_mark
            && ["my", "mi", "our", "nuestro", "nuestra"].contains(&t.word.as_str())
            && tokens
                .get(2)
                .is_some_and(|r| relation_after_mine(&r.mended).is_some())
    });
    let skip = if beside { 3 } else { 1 };
    let at = (skip..tokens.len().min(skip + 4))
        .find(|&i| !SUBJECT_ADVERBS.contains(&tokens[i].word.as_str()))?;
    let verb = &tokens[at];
    if (verb.after_mark && !beside)
        || !(SUBJECT_VERBS.contains(&verb.word.as_str())
            || SUBJECT_VERBS.contains(&verb.mended.as_str()))
    {
        return None;
    }
    if let Some(name) = member {
        return Some(name.clone());
    }
    // "Wat is my target": a slip of a word that opens a question is none.
    let opener = [
        "what", "how", "why", "who", "which", "where", "when", "que", "como", "cual",
    ]
    .contains(&first.mended.as_str());
    // Capitalised, no word as written; lowercase, not even a slip of one.
    let capital = first.raw.chars().next().is_some_and(char::is_uppercase);
    // "Protien is too high": a capitalised slip of a known word is that
    // word, unless what follows is said of a person ("Marta es
    // vegetariana", "Marta ya no come carne").
    if capital && is_known(&first.word) && !takes_person(&tokens, at) {
        return None;
    }
    ((capital && !is_word(&first.word)) || (!capital && !is_known(&first.word)))
        .then_some(())
        .filter(|()| !opener && name_like_raw(first) && first.word.chars().count() >= 3)
        .map(|()| first.raw.clone())
}

/// Whether the verb at `at` and what follows it say something of a
/// person: a verb other than "is" / "es" ("eats", "pesa"), or one of
/// them followed by a person's fact ("allergic", "a vegetarian", an age,
/// "my mother"; not "a problem", "mi dieta").
fn takes_person(tokens: &[Token], at: usize) -> bool {
    if !["is", "s", "isn", "es", "esta"].contains(&tokens[at].word.as_str()) {
        return true;
    }
    let skipped = |t: &&Token| {
        ["t", "a", "an", "un", "una"].contains(&t.word.as_str())
            || SUBJECT_ADVERBS.contains(&t.word.as_str())
    };
    let mut rest = tokens[at + 1..].iter().skip_while(skipped);
    let Some(t) = rest.next() else {
        return false;
    };
    if ["my", "mi", "his", "her", "su", "our", "nuestra", "nuestro"].contains(&t.word.as_str()) {
        return rest
            .next()
            .is_some_and(|r| relation_after_mine(&r.mended).is_some());
    }
    t.word.chars().all(|c| c.is_ascii_digit())
        || PERSON_PREDICATES.contains(&t.word.as_str())
        || PERSON_PREDICATES.contains(&t.mended.as_str())
}

/// [`name_like`] of a capitalised word, a slip of a known word allowed.
fn name_like_raw(token: &Token) -> bool {
    let word = token.word.as_str();
    !NOT_NAMES.contains(&word)
        && !word.chars().any(|c| c.is_ascii_digit())
        && word.chars().count() >= 2
        && relation(&token.word).is_none()
}

/// What the whole message asks of the household, if anything: who is in
/// it, or a member to add.
pub(super) fn read(message: &str, t: &Text, lang: Lang) -> Option<ToolRequest> {
    let question = t.words().first().is_some_and(|w| {
        ["who", "quien", "quienes", "which", "cuantos", "how"].contains(&w.as_str())
    });
    let adds = t.has_any(ADD_MEMBER);
    if t.has_any(HOUSEHOLD_PLACE)
        && (question || t.has_any(SHOW) || t.has_any(&["list", "lista"]))
        && !t.has_any(PLAN)
        && !adds
    {
        return Some(ToolRequest::HouseholdSummary);
    }
    if t.has_any(PLAN) && (t.has_stem(CREATE) || t.has_any(CREATE)) {
        return None;
    }
    let words = t.words();
    let relation_at = (0..words.len()).find(|&i| relation_in(words, i).is_some());
    // "add my wife", "añade a mi hijo", "add Ana to my household": the
    // add verb, then (after "my", "a mi") the person.
    let adds_person = words.iter().enumerate().any(|(i, w)| {
        if !ADD_MEMBER.contains(&w.as_str()) {
            return false;
        }
        let j = i
            + 1
            + words[i + 1..]
                .iter()
                .take_while(|w| {
                    ["my", "mi", "a", "our", "nuestra", "nuestro", "the", "to"]
                        .contains(&w.as_str())
                })
                .count();
        relation_at == Some(j)
            || (t.has_any(HOUSEHOLD_PLACE)
                && j < words.len()
                && foods::exact(&words[j], lang).is_none())
    });
    // "mi mamá ya no come con nosotros, quítala": someone taken out, or
    // no longer at the table, is never added.
    let scopes = super::negation::Scopes::of(t);
    if t.has_any(REMOVE_PERSON)
        || super::words::removing(t) && !adds
        || scopes.negates_any(t, WITH_ME)
    {
        return None;
    }
    let facts = facts(message, lang);
    let body = [
        facts.age.is_some(),
        facts.height.is_some(),
        facts.weight.is_some(),
    ]
    .iter()
    .filter(|b| **b)
    .count();
    // "soy mujer, 34 años, 165 cm": the holder's own facts.
    let own = t.has_any(OWN_FACTS);
    let about_one = relation_at.is_some() || t.has_any(HOUSEHOLD_PLACE);
    let with_me = t.has_any(WITH_ME) || (adds && t.has_any(HOUSEHOLD_PLACE));
    if about_one && (adds_person || with_me || (relation_at.is_some() && body >= 2 && !own)) {
        return Some(ToolRequest::AddMember(facts));
    }
    None
}

/// The words of a message written as names: capitalised inside a
/// sentence and no word the assistant knows as written ("elimina a Marta
/// de mi hogar"), normalised; read as written, never mended ("Marta" is
/// not "martes").
pub(super) fn written_names(message: &str) -> Vec<String> {
    let tokens = tokens_of(message, false);
    tokens
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            *i > 0
                && !t.after_mark
                && t.raw.chars().next().is_some_and(char::is_uppercase)
                && t.raw.chars().skip(1).any(char::is_lowercase)
                && t.word.chars().count() >= 3
                && !is_word(&t.word)
        })
        .map(|(_, t)| t.word.clone())
        .collect()
}

/// The member a message takes out with a pronoun ("mi mamá ya no come
/// con nosotros, quítala", "Tom moved out, remove him"): a member named
/// in it, else the relation it names (`names`: the members' names,
/// normalised).
pub(super) fn removed(message: &str, t: &Text, names: &[String], lang: Lang) -> Option<String> {
    // "don't remove her": nothing ("ya no come con nosotros, quítala" is
    // another clause's negation).
    if !t.has_any(REMOVE_PERSON) || super::words::told_not_to(t, REMOVE_PERSON) {
        return None;
    }
    // "remove the nut allergy, it was my son not me": a rule taken off,
    // never a person.
    if t.has_any(ALLERGY_NOUNS)
        || super::foods::mentioned(&super::relations::without_people(t.words()), lang)
            .found
            .iter()
            .any(|f| !["vegan", "vegetarian"].contains(&f.as_str()))
    {
        return None;
    }
    let words = t.words();
    if let Some(name) = words.iter().find(|w| names.contains(w)) {
        return Some(name.clone());
    }
    (0..words.len())
        .find_map(|i| relation_in(words, i))
        .map(|(en, _)| en.to_owned())
        // "Rosa ya no vive con nosotros, bórrala": the person spoken of.
        .or_else(|| named_subject(message, names))
}

/// Every fact the message gives of a person: name, relation, sex, age,
/// height, weight, goal, activity, meals a day, diets and restrictions.
pub(super) fn facts(message: &str, lang: Lang) -> MemberFacts {
    let t = Text::new(&decimal_points(message));
    let (rel, name) = who(message);
    let mut out = MemberFacts {
        name,
        relation: rel.map(|(en, _)| en.to_owned()),
        gender: rel.and_then(|(_, g)| g).or_else(|| gender(&t, lang)),
        height: height(&t)
            .or_else(|| measure_after(&t, &["mide", "mido", "measures", "measure"], 100.0..250.0)),
        weight: body_weight(&t).or_else(|| {
            measure_after(
                &t,
                &["pesa", "peso", "weighs", "weigh", "weight"],
                25.0..300.0,
            )
        }),
        activity: activity(&t),
        meals: meals_a_day(&t),
        ..MemberFacts::default()
    };
    out.age = age(&t, lang, out.height, out.weight);
    // "she is 6, 118 cm, 21 kg": a child weighs under the adults' 25 kg.
    if out.weight.is_none() && out.age.is_some_and(|a| a < BirthDate::MIN_AGE) {
        out.weight = child_weight(&t);
    }
    // "quiero bajar de peso", "wants to gain muscle": as the writer's own
    // goal is read.
    // Read part by part, so that a negation stops at its comma ("no
    // quiero engordar, quiero adelgazar").
    out.goal = super::statements::one_goal(
        parts(message)
            .iter()
            .filter_map(super::statements::goal_said),
    )
    .or_else(|| t.has_any(MAINTAIN).then_some(Goal::MaintainWeight));
    rules(&parts(message), lang, &mut out);
    out
}

/// Whether `part` gives a fact of a person's body or aims ("female",
/// "28", "weight 58", "quiero bajar de peso").
pub(super) fn gives_facts(part: &str, lang: Lang) -> bool {
    let f = facts(part, lang);
    f.changes() || f.gender.is_some() || f.age.is_some() || f.name.is_some()
}

/// A number in `range` right after one of `verbs` ("mide 158", "pesa 70").
fn measure_after(t: &Text, verbs: &[&str], range: std::ops::Range<f64>) -> Option<f64> {
    let words = t.words();
    numbers(t).into_iter().find_map(|(i, n)| {
        // "pesa ahora 80": a word of time between them.
        let before = (0..i)
            .rev()
            .find(|&j| !NOW_WORDS.contains(&words[j].as_str()))?;
        (i - before <= 2 && verbs.contains(&words[before].as_str()) && range.contains(&n))
            .then_some(n)
    })
}

/// The sex said of a person ("she", "a woman", "es alta").
fn gender(t: &Text, lang: Lang) -> Option<Gender> {
    // In Spanish "he" is "I have" ("he dejado").
    let (female, male) = match lang {
        Lang::En => (t.has_any(FEMALE_EN), t.has_any(MALE_EN)),
        Lang::Es => (t.has_any(FEMALE_ES), t.has_any(MALE_ES)),
    };
    match (female, male) {
        (true, false) => Some(Gender::Female),
        (false, true) => Some(Gender::Male),
        _ => None,
    }
}

/// An age: a number of years ("34 years", "17 años", "he is 41", "aged
/// 66"), or a bare number that is neither the height nor the weight.
fn age(t: &Text, lang: Lang, height: Option<f64>, weight: Option<f64>) -> Option<u32> {
    let words = t.words();
    let whole = |n: f64| (n.fract() == 0.0 && (0.0..=150.0).contains(&n)).then_some(n as u32);
    for (i, n) in numbers(t) {
        let unit = next(t, i);
        if YEARS_WORDS.contains(&unit) || (lang == Lang::En && unit == "yo") {
            return whole(n);
        }
    }
    for (i, n) in numbers(t) {
        let unit = next(t, i);
        let before = if i > 0 { words[i - 1].as_str() } else { "" };
        let measured = [
            "weighs", "pesa", "peso", "mide", "mido", "height", "tall", "weight",
        ]
        .contains(&before);
        if NOT_AGE_UNITS.contains(&unit)
            || measured
            || Some(n) == height
            || Some(n) == weight
            || (1.0..2.5).contains(&n) && n.fract() != 0.0
        {
            continue;
        }
        if let Some(age) = whole(n) {
            return Some(age);
        }
    }
    None
}

/// What a message says of a person named at its start ("Ana is allergic
/// to shellfish", "Leo no come cerdo"), when it says something to store.
pub(super) fn said_of_named(message: &str, lang: Lang, names: &[String]) -> Option<MemberFacts> {
    let name = named_subject(message, names)?;
    let mut facts = facts(message, lang);
    facts.name = Some(name.clone());
    facts.relation = None;
    // What follows the name, read as the writer's own statements would
    // be ("… is lactose intolerant", "… ya no es vegetariana"), the name
    // left out (a name is no word: "Marta" is not "martes").
    let start = message.find(char::is_alphanumeric).unwrap_or(message.len());
    let end = message[start..]
        .find(|c: char| !c.is_alphanumeric())
        .map_or(message.len(), |n| start + n);
    let rest = &message[end..];
    // "… except salmon", "…, pero el pollo sí": let back in, never kept out.
    let (rest, let_back) = super::except::cut_whole(&Text::new(rest), lang);
    if let Some(back) = super::frames::taken_back_of(&rest, lang) {
        // Something they no longer keep out: taken back, never stored.
        facts.restrictions.clear();
        facts.diets.clear();
        facts.merge(said_of_them(&Text::from_words(Vec::new()), lang, &back));
    } else {
        let mut inner = Read::default();
        super::statements::about_self(&rest, lang, &mut inner);
        facts.merge(said_of_them(&rest, lang, &inner));
    }
    super::except::fold_into(&mut facts.restrictions, &let_back);
    // A statement about them that says nothing readable is still theirs:
    // it must never fall through to the writer's own profile.
    let t = Text::new(message);
    facts.weight_by = super::frames::weight_change(&t);
    // "Luis bajó 2 kilos": a change of weight, never a goal.
    if facts.weight_by.is_some() {
        facts.goal = None;
    }
    let states = t.has_any(ALLERGY_OPENERS)
        || t.has_any(ALLERGY_NOUNS)
        || t.has_any(THEIR_DISLIKES)
        || t.has_any(MEMBER_STATES)
        || t.has_any(WEIGHT_LOST)
        || t.has_any(WEIGHT_GAINED)
        || !foods::mentioned(t.words(), lang).found.is_empty();
    (states || facts.changes()).then_some(facts)
}

/// The facts a message adds to a member waiting for them ("she is 34,
/// 165 cm and 60 kg", "se llama Carmen", "Ana"); `None` when it gives
/// none of what is missing or speaks of the writer ("I weigh 70 kg").
pub(super) fn completes(message: &str, lang: Lang, partial: &MemberFacts) -> Option<MemberFacts> {
    let t = Text::new(message);
    let third = t.has_any(THIRD_PERSON);
    let own = t.has_any(FIRST_PERSON);
    let mut more = facts(message, lang);
    if own && !third && more.relation.is_none() {
        return None;
    }
    // "añade a mi marido Pedro…" while a daughter waits: another person,
    // never merged into her.
    let other = |a: &Option<String>, b: &Option<String>| matches!((a, b), (Some(x), Some(y)) if normalise(x) != normalise(y));
    if other(&partial.relation, &more.relation) || other(&partial.name, &more.name) {
        return None;
    }
    // "se llama Lucía, mide 110 cm y pesa 19 kilos" for a child of 5:
    // a child's weight, under the adults' 25 kg.
    if more.weight.is_none()
        && partial
            .age
            .or(more.age)
            .is_some_and(|a| a < BirthDate::MIN_AGE)
    {
        more.weight = child_weight(&t);
    }
    if more.name.is_none() && partial.name.is_none() {
        // "Ana", or "Pablo, 10 años, 140 cm": a name alone before the rest.
        more.name = bare_name(message).or_else(|| {
            message
                .split_once(',')
                .and_then(|(head, _)| bare_name(head))
        });
    }
    let gives = (partial.name.is_none() && more.name.is_some())
        || (partial.age.is_none() && more.age.is_some())
        || (partial.gender.is_none() && more.gender.is_some())
        || (partial.height.is_none() && more.height.is_some())
        || (partial.weight.is_none() && more.weight.is_some());
    gives.then_some(more)
}

/// A message that is only a name ("Ana", "Ana María").
fn bare_name(message: &str) -> Option<String> {
    let tokens = tokens(message);
    let plain = |t: &Token| !YES.contains(&t.mended.as_str()) && !NO.contains(&t.mended.as_str());
    (!tokens.is_empty() && tokens.len() <= 2 && tokens.iter().all(|t| name_like(t) && plain(t)))
        .then(|| {
            tokens
                .iter()
                .map(|t| t.raw.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
}

/// A member's weight, height or age set by name or relation ("change
/// Ana's weight to 60", "update my son's height to 150 cm", "cambia el
/// peso de Eva a 61"): their facts, never the writer's (`names`: the
/// members' names as kept).
pub(super) fn field_set(message: &str, names: &[String]) -> Option<MemberFacts> {
    let t = Text::new(&decimal_points(message));
    let words = t.words();
    if !t.has_any(FIELD_SET_VERBS) {
        return None;
    }
    let (at, field) = words.iter().enumerate().find_map(|(i, w)| {
        MEMBER_FIELDS
            .iter()
            .find(|(word, _)| word == w)
            .map(|(_, field)| (i, *field))
    })?;
    // "my weight", "mi peso": the writer's own.
    if at > 0 && ["my", "mi"].contains(&words[at - 1].as_str()) {
        return None;
    }
    let kept: Vec<String> = names.iter().map(|n| normalise(n)).collect();
    let name = names
        .iter()
        .zip(&kept)
        .find(|(_, k)| words.iter().any(|w| w == *k))
        .map(|(n, _)| n.clone());
    let relation = (0..words.len())
        .find_map(|i| relation_in(words, i))
        .map(|(en, _)| en.to_owned());
    if name.is_none() && relation.is_none() {
        return None;
    }
    let (i, n) = numbers(&t).into_iter().find(|(i, _)| *i > at)?;
    let unit = next(&t, i);
    let mut facts = MemberFacts {
        name: name.clone(),
        relation: if name.is_some() { None } else { relation },
        ..MemberFacts::default()
    };
    match field {
        "weight" if LB.contains(&unit) => {
            facts.weight = Some((n * 0.453_592_37 * 10.0).round() / 10.0)
        }
        "weight" => facts.weight = Some(n),
        "height" if n < 3.0 => facts.height = Some((n * 100.0).round()),
        "height" => facts.height = Some(n),
        _ => facts.age = (n.fract() == 0.0 && n >= 1.0).then_some(n as u32),
    }
    Some(facts)
}
