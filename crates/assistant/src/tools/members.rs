//! Finding a household member by what a message calls them (a name, or
//! the relation they were saved under in either language), and taking
//! one out of the household.

use mealplan_ports::{Person, StoreError};

use super::Toolbox;
use super::household::{member_error, names};
use crate::lang::relation_es;
use crate::lang::{Lang, normalise};

/// How many generations a relation is above the holder (a parent 1, a
/// child -1, a partner or sibling 0); `None` when it says nothing of age.
fn generation(relation: &str) -> Option<i32> {
    Some(match relation {
        "grandmother" | "grandfather" => 2,
        "mother" | "father" | "aunt" | "uncle" => 1,
        "wife" | "husband" | "partner" | "girlfriend" | "boyfriend" | "brother" | "sister" => 0,
        "son" | "daughter" | "child" | "niece" | "nephew" => -1,
        "grandson" | "granddaughter" | "grandchild" => -2,
        _ => return None,
    })
}

/// Whether a member `age` years old can be the holder's relation `above`
/// generations above them, the holder `holder` years old: a generation
/// is taken as at least 14 years.
fn of_generation(above: i32, age: u32, holder: u32) -> bool {
    let older = i64::from(age) - i64::from(holder);
    match above {
        0 => older.abs() < 14,
        g if g > 0 => older >= 14 * i64::from(g),
        g => older <= 14 * i64::from(g),
    }
}

/// The members `who` names: by name; else, for a relation ("mother",
/// "husband"), the members stored with that relation; else, among the
/// members stored with none, those named by any word of that relation in
/// either language ("Mamá", "Mother"), else the only one of its sex, else
/// the only one of its sex whose age fits the relation beside the
/// holder's (`ages`: the holder's age and today).
/// The household's children: the members saved as a son, a daughter or
/// a child, else (none saved so) those under 18 on `today`.
fn children(members: &[Person], today: Option<chrono::NaiveDate>) -> Vec<&Person> {
    let saved: Vec<&Person> = members
        .iter()
        .filter(|m| {
            m.relation
                .is_some_and(|r| crate::vocab::CHILDREN_RELATIONS.contains(&r.as_str()))
        })
        .collect();
    if !saved.is_empty() {
        return saved;
    }
    let Some(today) = today else {
        return Vec::new();
    };
    members
        .iter()
        .filter(|m| m.relation.is_none() && m.body.birth_date.age_on(today) < 18)
        .collect()
}

pub(super) fn find_member<'m>(
    members: &'m [Person],
    who: &str,
    ages: Option<(u32, chrono::NaiveDate)>,
) -> Vec<&'m Person> {
    let by_name: Vec<&Person> = members.iter().filter(|m| names(m, who)).collect();
    if !by_name.is_empty() {
        return by_name;
    }
    if who == crate::relations::ALL_CHILDREN {
        return children(members, ages.map(|(_, today)| today));
    }
    let Some((english, sex)) = crate::relations::relation(who) else {
        return Vec::new();
    };
    let stored: Vec<&Person> = members
        .iter()
        .filter(|m| m.relation.is_some_and(|r| r.as_str() == english))
        .collect();
    if !stored.is_empty() {
        return stored;
    }
    // A member stored with another relation is not this one.
    let members: Vec<&Person> = members.iter().filter(|m| m.relation.is_none()).collect();
    let saved_as: Vec<&Person> = members
        .iter()
        .copied()
        .filter(|m| {
            crate::relations::relation(&normalise(m.name.as_str()))
                .is_some_and(|(rel, _)| rel == english)
        })
        .collect();
    if !saved_as.is_empty() {
        return saved_as;
    }
    let of_sex: Vec<&Person> = members
        .into_iter()
        .filter(|m| sex.is_none_or(|g| m.body.gender == g))
        .collect();
    if of_sex.len() <= 1 {
        return of_sex;
    }
    // "mi mamá" between a wife and a mother: the one old enough.
    let (Some(above), Some((holder, today))) = (generation(english), ages) else {
        return Vec::new();
    };
    let fits: Vec<&Person> = of_sex
        .into_iter()
        .filter(|m| of_generation(above, m.body.age_on(today), holder))
        .collect();
    if fits.len() == 1 { fits } else { Vec::new() }
}

impl Toolbox<'_> {
    /// The holder's age and today, when they have a profile: what tells a
    /// mother from a wife.
    pub(super) async fn holder_age(&self) -> Result<Option<(u32, chrono::NaiveDate)>, StoreError> {
        let today = self.services.profiles.today();
        Ok(self
            .profile_of()
            .await?
            .map(|p| (p.body.birth_date.age_on(today), today)))
    }

    /// Takes the member `who` names (a name, or the relation they were
    /// saved under, or the only member of that relation's sex) out of
    /// the household.
    pub(super) async fn remove_member(&self, who: &str) -> Result<String, StoreError> {
        let Some(members) = self.members_of().await? else {
            return Ok(self.how_to_add());
        };
        let found = find_member(&members, who, self.holder_age().await?);
        let shown = match crate::relations::relation(who) {
            Some(_) => {
                let rel = relation_es(who, None);
                self.t(who, rel).to_owned()
            }
            None => who.to_owned(),
        };
        match found.as_slice() {
            [] => Ok(match self.lang {
                Lang::En => format!(
                    "I found no one called \"{shown}\" in your household, so I removed no one."
                ),
                Lang::Es => format!(
                    "No encuentro a nadie llamado \"{shown}\" en tu hogar, así que no he quitado a nadie."
                ),
            }),
            [one] => {
                let household = self
                    .services
                    .household
                    .as_ref()
                    .expect("members_of said so");
                household
                    .remove(self.user, one.id)
                    .await
                    .map_err(member_error)?;
                Ok(match self.lang {
                    Lang::En => format!(
                        "Removed {} from your household. New household plans no longer include them.",
                        one.name.as_str()
                    ),
                    Lang::Es => format!(
                        "He quitado a {} de tu hogar. Los nuevos planes del hogar ya no lo incluyen.",
                        one.name.as_str()
                    ),
                })
            }
            several => {
                let list: Vec<&str> = several.iter().map(|m| m.name.as_str()).collect();
                Ok(match self.lang {
                    Lang::En => format!(
                        "Who do you mean: {}? Tell me the name; I removed no one.",
                        list.join(" or ")
                    ),
                    Lang::Es => format!(
                        "¿A quién te refieres: {}? Dime el nombre; no he quitado a nadie.",
                        list.join(" o ")
                    ),
                })
            }
        }
    }
}
