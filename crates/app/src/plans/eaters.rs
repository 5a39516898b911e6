//! Who eats a meal of a plan, with the rules each of them keeps, and the
//! one check every write that puts a recipe into a plan goes through
//! ([`PlanContext::keep_rules`]): a swap, an added meal or day, a posted
//! or generated plan, a re-balance, and so whatever the assistant does
//! with them. The lists that offer recipes (alternatives, a similar
//! recipe) filter by the same people's rules ([`Eaters::rules`]).
//!
//! The eaters of a meal are those with a portion of it (a one-person
//! plan's meal: the owner alone); a meal without portions (one added by
//! hand to a plan made for the household's table) is everyone's at that
//! table now, or, asked of no meal in a one-person plan, the owner's.

use std::fmt;

use mealplan_domain::{Breach, DietType, HardRules, NamedItem, Recipe, Taxonomy, UserId};
use mealplan_ports::{Person, Portion, StoreError};

use super::PlanContext;

/// Who keeps a rule a recipe breaks, as a refusal tells the plan's owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Eater {
    /// The plan's owner.
    Holder,
    /// A household member, by name.
    Member(String),
}

/// A recipe refused for a meal: it breaks a rule of someone who eats it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The recipe's name.
    pub recipe: String,
    /// The rule and what in the recipe breaks it.
    pub breach: Breach,
    /// Who keeps the rule: told only to the plan's owner (`None` to
    /// anyone else, who learns the rule but not whose it is).
    pub eater: Option<Eater>,
}

impl fmt::Display for Refusal {
    /// `Peanut butter oats contains peanuts, which a person eating this
    /// meal must avoid (nut allergy)`; "you" or "Ana, who eats this meal,"
    /// when the eater is told.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match &self.eater {
            None => "a person eating this meal".to_owned(),
            Some(Eater::Holder) => "you".to_owned(),
            Some(Eater::Member(name)) => format!("{name}, who eats this meal,"),
        };
        write!(f, "{} {}", self.recipe, self.breach.explain(&who))
    }
}

impl std::error::Error for Refusal {}

/// One person who may eat from a plan, and what they must not be served.
struct Eating {
    /// The household member, `None` for the plan's owner.
    member: Option<i64>,
    /// What the refusal calls them.
    eater: Eater,
    /// Their restrictions' names, as stored.
    restrictions: Vec<String>,
    /// Their diet types (vegan and vegetarian are the hard ones).
    diets: Vec<DietType>,
    /// Both, read over the taxonomy.
    rules: HardRules,
}

/// Everyone who may eat from one owner's plan: the owner first, then, for
/// a household plan, each member of the household.
pub(super) struct Eaters {
    people: Vec<Eating>,
    household: bool,
}

impl Eaters {
    /// Who eats a meal with `portions` (see the module documentation): a
    /// portion of someone no longer at the table names nobody.
    fn of<'a>(&'a self, portions: &'a [Portion]) -> impl Iterator<Item = &'a Eating> + 'a {
        self.people
            .iter()
            .enumerate()
            .filter(move |(i, p)| {
                if portions.is_empty() {
                    *i == 0 || self.household
                } else {
                    portions.iter().any(|x| x.member_id == p.member)
                }
            })
            .map(|(_, p)| p)
    }

    /// The check: `recipe` for a meal with `portions` keeps every rule of
    /// everyone who eats it, else the first rule it breaks, naming whose
    /// it is when `disclose` (the caller owns the plan).
    pub fn check(
        &self,
        recipe: &Recipe,
        portions: &[Portion],
        disclose: bool,
    ) -> Result<(), Refusal> {
        for person in self.of(portions) {
            if let Some(breach) = person.rules.breach(recipe) {
                return Err(Refusal {
                    recipe: recipe.name.clone(),
                    breach,
                    eater: disclose.then(|| person.eater.clone()),
                });
            }
        }
        Ok(())
    }

    /// Everyone's rules for a meal with `portions` as one: what none of
    /// its eaters may be served (for the lists that offer recipes).
    pub fn rules(&self, taxonomy: &Taxonomy, portions: &[Portion]) -> HardRules {
        let eaters: Vec<&Eating> = self.of(portions).collect();
        if let [one] = eaters.as_slice() {
            return one.rules.clone();
        }
        let diets: Vec<DietType> = eaters.iter().flat_map(|p| p.diets.clone()).collect();
        HardRules::new(
            taxonomy,
            eaters
                .iter()
                .flat_map(|p| p.restrictions.iter().map(String::as_str)),
            &diets,
        )
    }
}

impl Eaters {
    /// The owner (`profile`; none keeps no rule) and, for a plan made for
    /// the table (`household`), each of `members`, their rules read over
    /// `taxonomy`.
    pub fn new(
        taxonomy: &Taxonomy,
        profile: Option<&Person>,
        members: &[Person],
        household: bool,
    ) -> Self {
        let person = |member, eater, restrictions: &[NamedItem], diets: &[DietType]| {
            let restrictions: Vec<String> = restrictions.iter().map(|r| r.name.clone()).collect();
            Eating {
                member,
                eater,
                rules: HardRules::new(taxonomy, restrictions.iter().map(String::as_str), diets),
                restrictions,
                diets: diets.to_vec(),
            }
        };
        let mut people = vec![match profile {
            Some(p) => person(None, Eater::Holder, &p.restrictions, &p.diet_types),
            None => person(None, Eater::Holder, &[], &[]),
        }];
        if household {
            for m in members {
                let eater = Eater::Member(m.name.as_str().to_owned());
                people.push(person(Some(m.id), eater, &m.restrictions, &m.diet_types));
            }
        }
        Self { people, household }
    }
}

impl PlanContext {
    /// [`Eaters::new`] of `owner`'s plan as stored now (the members are
    /// read for a household plan only).
    pub(super) async fn eaters(
        &self,
        owner: UserId,
        household: bool,
    ) -> Result<Eaters, StoreError> {
        let profile = self.profiles.find(owner).await?;
        self.eaters_with(owner, profile.as_ref(), household).await
    }

    /// [`eaters`](Self::eaters) with the owner's profile already read.
    pub(super) async fn eaters_with(
        &self,
        owner: UserId,
        profile: Option<&Person>,
        household: bool,
    ) -> Result<Eaters, StoreError> {
        let members = if household && self.household {
            self.profiles.members(owner).await?
        } else {
            Vec::new()
        };
        Ok(Eaters::new(&self.taxonomy, profile, &members, household))
    }

    /// The one check of every write that puts recipes into `owner`'s plan
    /// (`household`: made for the table): each (recipe, portions) of
    /// `meals` keeps every rule of everyone who eats it, else the refusal
    /// of the first that does not, naming whose rule it is only when
    /// `disclose` (the caller owns the plan). Nothing is read for no meals.
    pub(super) async fn keep_rules<E>(
        &self,
        owner: UserId,
        household: bool,
        meals: &[(&Recipe, &[Portion])],
        disclose: bool,
    ) -> Result<(), E>
    where
        E: From<Refusal> + From<StoreError>,
    {
        if meals.is_empty() {
            return Ok(());
        }
        let eaters = self.eaters(owner, household).await?;
        for (recipe, portions) in meals {
            eaters.check(recipe, portions, disclose)?;
        }
        Ok(())
    }
}
