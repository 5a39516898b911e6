//! What a part says of another person ("my wife is vegetarian", "my son
//! doesn't eat pork"), as the facts to store on their member. Below the
//! statement readers, which hand such a part here, and the household
//! reader, which reads a member's facts the same way.

use mealplan_domain::DietType;

use super::foods;
use super::lang::Lang;
use super::part::Read;
use super::relations::{ALL_CHILDREN, relation_in};
use super::request::{MemberFacts, ProfileChange, ToolRequest};
use super::vocab::*;
use super::words::Text;

/// Diets and restrictions said of the person, part by part: allergies
/// ("allergic to peanuts and shellfish"), coeliac, diets, foods they do
/// not eat.
pub(super) fn rules(parts: &[Text], lang: Lang, out: &mut MemberFacts) {
    let mut allergy_list = false;
    for part in parts {
        let mut names: Vec<String> = Vec::new();
        let mut read_list = false;
        if part.has_any(CELIAC_OF_MEMBER) {
            names.push(foods::allergy_name("gluten"));
        }
        if let Some(rest) = part.after(ALLERGY_OPENERS) {
            names.extend(
                foods::read(&rest, lang)
                    .found
                    .iter()
                    .map(|f| foods::allergy_name(f)),
            );
            read_list = true;
            allergy_list = true;
        } else if let Some(rest) = part.after(THEIR_DISLIKES) {
            names.extend(foods::read(&rest, lang).found);
            // "my wife hates spicy food": what gives the taste is kept
            // out of her meals, as for the writer.
            names.extend(
                foods::tastes_of(&rest)
                    .iter()
                    .filter_map(|t| TASTE_KINDS.iter().find(|(taste, _)| taste == t))
                    .map(|(_, kind)| (*kind).to_owned()),
            );
            read_list = true;
            allergy_list = false;
        } else if part.has_any(ALLERGY_NOUNS) {
            // "lactose intolerant", "a shellfish allergy": the food first.
            names.extend(
                foods::read(&part.without(ALLERGY_NOUNS), lang)
                    .found
                    .iter()
                    .map(|f| foods::allergy_name(f)),
            );
            read_list = true;
            allergy_list = true;
        } else if allergy_list {
            // "allergic to peanuts and shellfish": the list goes on.
            let more = foods::read(part.words(), lang);
            if !more.found.is_empty() && more.unknown.is_empty() {
                names.extend(more.found.iter().map(|f| foods::allergy_name(f)));
                read_list = true;
            }
        }
        if !read_list {
            allergy_list = false;
            for f in foods::mentioned(part.words(), lang).found {
                match f.as_str() {
                    "vegan" => push(&mut out.diets, DietType::Vegan),
                    "vegetarian" => push(&mut out.diets, DietType::Vegetarian),
                    "pescatarian" | "halal" | "kosher" => names.push(f),
                    _ => {}
                }
            }
        }
        for n in names {
            push(&mut out.restrictions, n);
        }
    }
}

fn push<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// What a part said of another person, as the facts to store on their
/// member: the restrictions, diets and body facts its own statements gave.
pub(super) fn said_of_them(t: &Text, lang: Lang, inner: &Read) -> MemberFacts {
    let words = t.words();
    // "my kids are vegetarian", "mis hijos ...": every child of the
    // writer's household, not one son.
    let plural = (1..words.len()).find(|&i| {
        CHILDREN_PLURAL.contains(&words[i].as_str()) && POSSESSIVES.contains(&words[i - 1].as_str())
    });
    let all_children = plural.is_some();
    // "mis hijas": the daughters only.
    let of_sex = plural.and_then(|i| {
        CHILDREN_OF_A_SEX
            .iter()
            .find(|(w, _)| *w == words[i])
            .and_then(|(_, sex)| mealplan_domain::Gender::parse(sex).ok())
    });
    let mut facts = MemberFacts {
        relation: if all_children {
            Some(ALL_CHILDREN.to_owned())
        } else {
            (0..t.len())
                .find_map(|i| relation_in(words, i))
                .map(|(en, _)| en.to_owned())
        },
        gender: of_sex,
        // "my son is 8", "mi hija tiene 5 años".
        age: super::measures::age_said(t),
        ..MemberFacts::default()
    };
    for r in &inner.requests {
        match r {
            ToolRequest::AddPreference {
                kind: mealplan_ports::ItemKind::Restriction,
                names,
            } => names
                .iter()
                .for_each(|n| push(&mut facts.restrictions, n.clone())),
            ToolRequest::RemovePreference {
                kind: mealplan_ports::ItemKind::Restriction,
                names,
            } => names
                .iter()
                .for_each(|n| push(&mut facts.taken_back, n.clone())),
            ToolRequest::ChangeProfile(change) => match *change {
                ProfileChange::Diet(d) => push(&mut facts.diets, d),
                ProfileChange::DropDiet(d) => push(&mut facts.dropped_diets, d),
                ProfileChange::WeightBy(kg) => facts.weight_by = Some(kg),
                ProfileChange::Weight(kg) => facts.weight = Some(kg),
                ProfileChange::Height(cm) => facts.height = Some(cm),
                ProfileChange::Goal(g) => facts.goal = Some(g),
                ProfileChange::Activity(a) => facts.activity = Some(a),
                ProfileChange::Meals(n) => facts.meals = Some(n),
                ProfileChange::Age(years) => facts.age = Some(years),
                ProfileChange::GoalWeight(_) | ProfileChange::NotGoal(_) => {}
            },
            _ => {}
        }
    }
    // "my wife is vegetarian", "my son doesn't eat pork".
    rules(std::slice::from_ref(t), lang, &mut facts);
    facts
}
