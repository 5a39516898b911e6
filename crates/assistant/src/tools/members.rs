//! Finding a household member by what a message calls them (a name, or
//! the relation they were saved under in either language), and taking
//! one out of the household.

use mealplan_ports::{Person, StoreError};

use super::Toolbox;
use super::household::{member_error, names, relation_es};
use crate::lang::{Lang, normalise};

/// The members `who` names: by name; else, for a relation ("mother",
/// "husband"), the members saved under any word of that relation in
/// either language ("Mamá", "Mother"), else the only one of its sex.
pub(super) fn find_member<'m>(members: &'m [Person], who: &str) -> Vec<&'m Person> {
    let by_name: Vec<&Person> = members.iter().filter(|m| names(m, who)).collect();
    if !by_name.is_empty() {
        return by_name;
    }
    let Some((english, sex)) = crate::household::relation(who) else {
        return Vec::new();
    };
    let saved_as: Vec<&Person> = members
        .iter()
        .filter(|m| {
            crate::household::relation(&normalise(m.name.as_str()))
                .is_some_and(|(rel, _)| rel == english)
        })
        .collect();
    if !saved_as.is_empty() {
        return saved_as;
    }
    let of_sex: Vec<&Person> = members
        .iter()
        .filter(|m| sex.is_none_or(|g| m.body.gender == g))
        .collect();
    if of_sex.len() == 1 {
        of_sex
    } else {
        Vec::new()
    }
}

impl Toolbox<'_> {
    /// Takes the member `who` names (a name, or the relation they were
    /// saved under, or the only member of that relation's sex) out of
    /// the household.
    pub(super) async fn remove_member(&self, who: &str) -> Result<String, StoreError> {
        let Some(members) = self.members_of().await? else {
            return Ok(self.how_to_add());
        };
        let found = find_member(&members, who);
        let shown = match crate::household::relation(who) {
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
