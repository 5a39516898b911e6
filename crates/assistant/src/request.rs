//! What a message asks the assistant to do, as values: the requests the
//! tools carry out, whoever read them (the built-in reader or a model).

use mealplan_domain::planner::Nutrient;
use mealplan_domain::{ActivityLevel, DietType, Gender, Goal, MealType};
use mealplan_ports::ItemKind;

use mealplan_app::MyRecipes;
use mealplan_domain::planner::{Leftovers, PlanAdjust};

/// Which meal of the active plan a request is about.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MealRef {
    /// Day of week, 1-7 (absent: today if the plan has it, else its first day).
    pub day: Option<u8>,
    /// Meal type (absent: any; must then be told by `recipe_name`).
    pub meal_type: Option<MealType>,
    /// Which one of that type in the day (1-based), for several snacks.
    pub ordinal: Option<usize>,
    /// Part of the name of the meal's current recipe.
    pub recipe_name: Option<String>,
}

impl MealRef {
    /// Whether it names anything at all.
    pub fn is_empty(&self) -> bool {
        self.day.is_none() && self.meal_type.is_none() && self.recipe_name.is_none()
    }
}

/// Which candidate a replacement takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// The n-th (1-based) recipe of the list last shown.
    Option(usize),
    /// A recipe by (part of its) name.
    Name(String),
    /// One's own recipe by (part of its) name ("my cheese omelette"); a
    /// candidate of that name when one has none.
    Mine(String),
    /// The closest candidate with this food (English).
    With(String),
    /// The closest candidate without these foods (English).
    Without(Vec<String>),
    /// The closest candidate at least a tenth lighter (kcal).
    Lighter,
    /// The closest candidate with at least a tenth more protein.
    MoreProtein,
}

/// Which way a person finds a target wrong ("protein is too high",
/// "demasiadas pocas calorías"): answered with the target, why it is
/// so, and a change to confirm, never a change made on a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Complaint {
    /// Too high: "too much protein", "la proteína está muy alta".
    TooHigh,
    /// Too low: "too few calories", "muy poca proteína".
    TooLow,
}

/// A day limit that is no target: sugars (a most) and fibre (a window).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayLimit {
    /// Sugars, at most a share of energy.
    Sugars,
    /// Fibre, from a floor to a comfort ceiling.
    Fibre,
}

/// Catalogue search criteria.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Criteria {
    /// Meal type.
    pub meal_type: Option<MealType>,
    /// Diet type.
    pub diet_type: Option<DietType>,
    /// Most kcal per serving.
    pub max_calories: Option<f64>,
    /// Least protein per serving, g.
    pub min_protein: Option<f64>,
    /// Most carbs per serving, g.
    pub max_carbs: Option<f64>,
    /// Most fat per serving, g.
    pub max_fat: Option<f64>,
    /// Most minutes of preparation and cooking.
    pub max_minutes: Option<u32>,
    /// Text in the name or an ingredient (English).
    pub query: Option<String>,
    /// Foods the recipes must not have (English, as restriction names).
    pub without: Vec<String>,
}

impl Criteria {
    /// Whether it asks for a diet, a number or a time: what only a search
    /// of the catalogue answers.
    pub fn narrows(&self) -> bool {
        self.diet_type.is_some()
            || self.max_calories.is_some()
            || self.min_protein.is_some()
            || self.max_carbs.is_some()
            || self.max_fat.is_some()
            || self.max_minutes.is_some()
    }
}

/// A change of the profile a message asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ProfileChange {
    /// A new weight goal.
    Goal(Goal),
    /// A new activity level.
    Activity(ActivityLevel),
    /// A new body weight, kg.
    Weight(f64),
    /// A new height, cm.
    Height(f64),
    /// A new number of meals a day.
    Meals(u8),
    /// A diet type added (vegan, vegetarian, …).
    Diet(DietType),
    /// A diet type taken off.
    DropDiet(DietType),
    /// The weight changed by this much since it was stored, kg ("I lost
    /// 3 kg", "he subido 2 kilos"): the weight moves, the goal stays.
    WeightBy(f64),
    /// A weight wished for, kg ("quiero llegar a 70"): never the weight
    /// of today; the goal follows from it against the stored weight.
    GoalWeight(f64),
    /// A goal taken back ("I don't want to lose weight anymore"): back
    /// to maintaining when it was the goal, else nothing changes.
    NotGoal(Goal),
    /// An age said ("I'm 34", "tengo 34 años"): the birthday stays, the
    /// year moves.
    Age(u32),
}

/// A household member as said: what is `None` (or empty) was not said.
/// The name, sex, age, height and weight are needed; the rest has
/// defaults.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MemberFacts {
    /// What the household calls them.
    pub name: Option<String>,
    /// How they are related to the holder, in English ("wife", "son").
    pub relation: Option<String>,
    /// Sex, said or implied by the relation ("wife", "hijo").
    pub gender: Option<Gender>,
    /// Age in years.
    pub age: Option<u32>,
    /// Height, cm.
    pub height: Option<f64>,
    /// Weight, kg.
    pub weight: Option<f64>,
    /// A change of weight said ("Luis lost 3 kg"), kg; only for a member
    /// already kept.
    pub weight_by: Option<f64>,
    /// Weight goal.
    pub goal: Option<Goal>,
    /// Activity level.
    pub activity: Option<ActivityLevel>,
    /// Meals a day.
    pub meals: Option<u8>,
    /// Diet types (vegan, vegetarian, …).
    pub diets: Vec<DietType>,
    /// Restrictions, by the English names the rules read.
    pub restrictions: Vec<String>,
    /// Restrictions said to be over ("Ana can eat gluten again"); only
    /// for a member already kept.
    pub taken_back: Vec<String>,
    /// Diet types said to be over ("Leo ya no es vegetariano").
    pub dropped_diets: Vec<DietType>,
}

impl MemberFacts {
    /// Fills what `self` lacks from `more` (a later message's facts).
    pub fn merge(&mut self, more: MemberFacts) {
        self.name = self.name.take().or(more.name);
        self.relation = self.relation.take().or(more.relation);
        self.gender = more.gender.or(self.gender);
        self.age = more.age.or(self.age);
        self.height = more.height.or(self.height);
        self.weight = more.weight.or(self.weight);
        self.weight_by = more.weight_by.or(self.weight_by);
        self.goal = more.goal.or(self.goal);
        self.activity = more.activity.or(self.activity);
        self.meals = more.meals.or(self.meals);
        for d in more.diets {
            if !self.diets.contains(&d) {
                self.diets.push(d);
            }
        }
        for (into, from) in [
            (&mut self.restrictions, more.restrictions),
            (&mut self.taken_back, more.taken_back),
        ] {
            for r in from {
                if !into.contains(&r) {
                    into.push(r);
                }
            }
        }
        for d in more.dropped_diets {
            if !self.dropped_diets.contains(&d) {
                self.dropped_diets.push(d);
            }
        }
    }

    /// Whether it says something to store on a member already kept: a
    /// rule, a diet, a body fact (the age too), a goal, activity or meals
    /// a day.
    pub fn changes(&self) -> bool {
        !self.restrictions.is_empty()
            || !self.diets.is_empty()
            || !self.taken_back.is_empty()
            || !self.dropped_diets.is_empty()
            || [self.weight, self.weight_by, self.height]
                .iter()
                .any(Option::is_some)
            || self.goal.is_some()
            || self.activity.is_some()
            || self.meals.is_some()
            || self.age.is_some()
    }

    /// Whether it says anything about a person.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// A request, with its arguments read.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolRequest {
    /// Build and activate a plan.
    GenerateWeeklyPlan {
        /// 1-7.
        days: u8,
        /// Changes for this plan only, said back before acting.
        adjust: PlanAdjust,
        /// Meals a day more (+1) or fewer (-1) than the profile's, for
        /// this plan only (resolved into `adjust` when carried out).
        meals_change: i8,
        /// The user said yes to replacing a plan with eaten meals, or to
        /// the changes.
        confirmed: bool,
        /// For the holder and every household member at one table.
        household: bool,
        /// Whether the plan draws on one's own recipes alike, first
        /// ("use my recipes this week") or only ("only my recipes").
        mine: MyRecipes,
        /// Lunches and dinners cooked once for a later meal too ("cook
        /// once for two days", "cook 4 times a week"); `None`: every meal
        /// cooked.
        leftovers: Option<Leftovers>,
    },
    /// Leftovers one has now eaten at a later meal ("I have leftovers
    /// from last night", "tengo sobras de anoche"): that meal takes the
    /// earlier meal's dish, cooked then, so nothing is cooked or bought
    /// for it.
    EatLeftovers {
        /// The meal they come from (absent parts: last night's dinner).
        from: MealRef,
        /// The meal they are eaten at, when named; else the next lunch or
        /// dinner still to eat.
        at: Option<MealRef>,
    },
    /// Swap a meal for a candidate (the best one when no choice is given).
    ReplaceMeal {
        /// The meal.
        meal: MealRef,
        /// The candidate.
        choice: Option<Choice>,
    },
    /// A food refused for one day or meal ("no fish for dinner
    /// tomorrow", "hoy no me apetece pollo"): that day's meals with it
    /// swapped for dishes without it; nothing stored for good.
    KeepOutOf {
        /// The day (today when absent) and, if named, the meal type.
        meal: MealRef,
        /// The foods (English, as restriction names).
        foods: Vec<String>,
    },
    /// List three candidates for a meal.
    SuggestAlternatives {
        /// The meal.
        meal: MealRef,
    },
    /// Search the catalogue.
    SearchRecipes(Criteria),
    /// Tell the plan, one day of it, or one meal.
    PlanSummary {
        /// One day only.
        day: Option<u8>,
        /// One meal type only.
        meal_type: Option<MealType>,
    },
    /// "what about lunch?", "and on Friday?": a day or meal type said
    /// alone after one meal was shown; the part not said is that meal's
    /// (without one shown: today, or the whole day).
    PlanFollowUp {
        /// The day said, if one.
        day: Option<u8>,
        /// The meal type said, if one.
        meal_type: Option<MealType>,
    },
    /// Tell the profile and targets.
    ProfileSummary,
    /// Add tastes or restrictions (English names, as the rules read them).
    AddPreference {
        /// Which list.
        kind: ItemKind,
        /// The names.
        names: Vec<String>,
    },
    /// Let foods back in that a restriction keeps out ("salmon is fine",
    /// "el atún sí lo como"): each restriction that keeps one out (an
    /// allergy aside) becomes "… except …" (English names).
    LetBack {
        /// The foods.
        names: Vec<String>,
    },
    /// Take restrictions or tastes off the profile.
    RemovePreference {
        /// Which list.
        kind: ItemKind,
        /// The names (English).
        names: Vec<String>,
    },
    /// Change a body fact, the goal, the activity or the diet.
    ChangeProfile(ProfileChange),
    /// What was eaten on a day (today when `None`) and what is left.
    DayProgress {
        /// Day of week.
        day: Option<u8>,
    },
    /// The targets and how they were worked out.
    ExplainTargets {
        /// The nutrient asked about, if one.
        focus: Option<Nutrient>,
        /// The target found too high or too low, if it was.
        complaint: Option<Complaint>,
    },
    /// The day's sodium limit and how days over it count ("too much salt
    /// in my days"), with a re-balance offered when the plan has days
    /// over it.
    ExplainSodium,
    /// A day limit other than sodium ("less sugar", "more fibre", "how
    /// much fiber should I eat?"): what it is for this person, the
    /// current plan's days against it, and the one change that moves the
    /// plans the way asked, offered for a yes.
    ExplainDayLimit {
        /// Which limit.
        limit: DayLimit,
        /// Found too high or too low, if it was.
        complaint: Option<Complaint>,
    },
    /// A meal said not to be eaten as a habit ("I never eat breakfast",
    /// "no breakfast on weekends"): which layouts of meals a day leave
    /// it out, a change to one offered when one fits, nothing swapped.
    MealNotEaten {
        /// The meal.
        meal_type: MealType,
    },
    /// What to buy for the pending meals (only a food's items, when one
    /// is named: "do I need to buy eggs?").
    ShoppingList {
        /// The food asked about (English).
        food: Option<String>,
    },
    /// Re-balance a day (every day when `None`) around what was eaten.
    Rebalance {
        /// Day of week.
        day: Option<u8>,
    },
    /// Which meals of the plan have a food.
    PlanContains {
        /// The food (English).
        food: String,
        /// Only this day or meal, when named.
        meal: MealRef,
    },
    /// Tick a meal off as eaten.
    MarkEaten {
        /// The meal.
        meal: MealRef,
    },
    /// Set a meal back to pending ("undo", "no me lo comí", "todavía no
    /// he desayunado"); with no meal named, the one last ticked today.
    MarkPending {
        /// The meal.
        meal: MealRef,
    },
    /// Take a member out of the household, found by name or relation.
    RemoveMember {
        /// The name or the English relation ("husband") as said.
        who: String,
    },
    /// Add a household member (asks for what is missing first).
    AddMember(MemberFacts),
    /// Tell the household: each member and their targets.
    HouseholdSummary,
    /// Make the user's own profile from what they said (asks for what is
    /// missing first), then their plan when they asked for one.
    CreateProfile {
        /// What they said of themselves.
        facts: MemberFacts,
        /// Make the weekly plan once the profile is made.
        then_plan: bool,
    },
    /// Add one of the user's own recipes from its ingredient lines ("add
    /// my recipe lentil soup: 200 g lentils; 1 onion"), through the
    /// own-recipe use case: answered with its status and the lines that
    /// wait for review.
    AddOwnRecipe {
        /// Dish name, as written.
        name: String,
        /// Servings the lines make (1 when not said).
        servings: u32,
        /// The meal slots said ("for dinner"); none: the person is asked.
        meal_types: Vec<MealType>,
        /// Ingredient lines as written.
        lines: Vec<String>,
    },
}

/// Tool names, as the original agent called them (and `used_tools` says),
/// and the names of the tools the built-in assistant added.
pub mod names {
    /// Builds and activates a new plan.
    pub const GENERATE: &str = "generate_weekly_plan";
    /// Swaps one meal of the active plan.
    pub const REPLACE: &str = "replace_meal_in_plan";
    /// Lists swap candidates for one meal.
    pub const ALTERNATIVES: &str = "suggest_recipe_alternatives";
    /// Searches the catalogue.
    pub const SEARCH: &str = "search_recipes_by_criteria";
    /// Tells the active plan.
    pub const PLAN: &str = "get_current_plan_summary";
    /// Tells the profile and targets.
    pub const PROFILE: &str = "get_user_profile_summary";
    /// Adds or removes a taste or restriction.
    pub const PREFERENCE: &str = "update_user_preference";
    /// Changes goal, activity, weight, meals a day or diet.
    pub const UPDATE_PROFILE: &str = "update_user_profile";
    /// What was eaten and what is left of a day.
    pub const PROGRESS: &str = "get_day_progress";
    /// The targets and why.
    pub const TARGETS: &str = "explain_targets";
    /// The shopping list.
    pub const SHOPPING: &str = "get_shopping_list";
    /// Re-balances a day.
    pub const REBALANCE: &str = "rebalance_day";
    /// Finds a food in the plan.
    pub const CONTAINS: &str = "find_food_in_plan";
    /// Ticks a meal off as eaten.
    pub const EATEN: &str = "update_meal_status";
    /// Adds a household member.
    pub const ADD_MEMBER: &str = "add_household_member";
    /// Changes a household member (a restriction said of them).
    pub const UPDATE_MEMBER: &str = "update_household_member";
    /// Takes a member out of the household.
    pub const REMOVE_MEMBER: &str = "remove_household_member";
    /// Tells the household members and their targets.
    pub const HOUSEHOLD: &str = "get_household_summary";
    /// Makes the user's own profile from what they said.
    pub const CREATE_PROFILE: &str = "create_user_profile";
    /// Adds one of the user's own recipes from its ingredient lines.
    pub const ADD_OWN_RECIPE: &str = "add_own_recipe";
}

impl ToolRequest {
    /// The tool's name.
    pub fn name(&self) -> &'static str {
        match self {
            Self::GenerateWeeklyPlan { .. } => names::GENERATE,
            Self::ReplaceMeal { .. } | Self::KeepOutOf { .. } | Self::EatLeftovers { .. } => {
                names::REPLACE
            }
            Self::SuggestAlternatives { .. } => names::ALTERNATIVES,
            Self::SearchRecipes(_) => names::SEARCH,
            Self::PlanSummary { .. } | Self::PlanFollowUp { .. } => names::PLAN,
            Self::ProfileSummary => names::PROFILE,
            Self::AddPreference { .. } | Self::RemovePreference { .. } | Self::LetBack { .. } => {
                names::PREFERENCE
            }
            Self::ChangeProfile(_) => names::UPDATE_PROFILE,
            Self::DayProgress { .. } => names::PROGRESS,
            Self::ExplainTargets { .. } | Self::ExplainSodium | Self::ExplainDayLimit { .. } => {
                names::TARGETS
            }
            Self::MealNotEaten { .. } => names::PROFILE,
            Self::ShoppingList { .. } => names::SHOPPING,
            Self::Rebalance { .. } => names::REBALANCE,
            Self::PlanContains { .. } => names::CONTAINS,
            Self::MarkEaten { .. } | Self::MarkPending { .. } => names::EATEN,
            Self::RemoveMember { .. } => names::REMOVE_MEMBER,
            Self::AddMember(_) => names::ADD_MEMBER,
            Self::HouseholdSummary => names::HOUSEHOLD,
            Self::CreateProfile { .. } => names::CREATE_PROFILE,
            Self::AddOwnRecipe { .. } => names::ADD_OWN_RECIPE,
        }
    }

    /// Whether it changes the profile (run before the plan requests of the
    /// same message, so they follow it).
    pub fn changes_profile(&self) -> bool {
        matches!(
            self,
            Self::AddPreference { .. }
                | Self::RemovePreference { .. }
                | Self::LetBack { .. }
                | Self::ChangeProfile(_)
        )
    }
}

/// A request awaiting the user's yes, as the memory keeps it: one line of
/// `key=value` fields. Only requests that ask first are kept.
pub fn encode(request: &ToolRequest) -> Option<String> {
    match request {
        ToolRequest::GenerateWeeklyPlan {
            days,
            adjust,
            household,
            mine,
            leftovers,
            ..
        } => Some(format!(
            "generate days={days} protein={} carbs={} calories={} meals={} diet={} household={} mine={} leftovers={} cook_at_most={}",
            adjust.protein,
            adjust.carbs,
            adjust.calories,
            adjust.meals_per_day.map_or(0, |m| m.get()),
            adjust.diet.map_or("", |d| d.as_str()),
            u8::from(*household),
            match mine {
                MyRecipes::Include => 0,
                MyRecipes::Prefer => 1,
                MyRecipes::Only => 2,
            },
            u8::from(leftovers.is_some()),
            leftovers.and_then(|l| l.cook_at_most).unwrap_or(0),
        )),
        ToolRequest::AddMember(m) => Some(encode_member(m)),
        ToolRequest::CreateProfile { facts, then_plan } => Some(format!(
            "me plan={} {}",
            u8::from(*then_plan),
            encode_member(facts).trim_start_matches("member ")
        )),
        ToolRequest::Rebalance { day } => Some(format!("rebalance day={}", day.unwrap_or(0))),
        ToolRequest::ChangeProfile(ProfileChange::Diet(d)) => {
            Some(format!("diet name={}", d.as_str()))
        }
        ToolRequest::ChangeProfile(ProfileChange::DropDiet(d)) => {
            Some(format!("dropdiet name={}", d.as_str()))
        }
        ToolRequest::ChangeProfile(ProfileChange::Goal(g)) => {
            Some(format!("goal name={}", g.as_str()))
        }
        ToolRequest::ChangeProfile(ProfileChange::Meals(n)) => Some(format!("meals n={n}")),
        ToolRequest::AddPreference { kind, names } => Some(format!(
            "add kind={} names={}",
            kind.noun(),
            names.join("|")
        )),
        _ => None,
    }
}

/// The request [`encode`] wrote, confirmed.
pub fn decode(line: &str) -> Option<ToolRequest> {
    let verb = line.split(' ').next()?;
    let field = |k: &str| {
        line.split(' ')
            .find_map(|p| p.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
            .map(str::to_owned)
    };
    let int = |k: &str| field(k).and_then(|v| v.parse::<i64>().ok()).unwrap_or(0);
    match verb {
        "generate" => Some(ToolRequest::GenerateWeeklyPlan {
            days: u8::try_from(int("days"))
                .ok()
                .filter(|d| (1..=7).contains(d))?,
            adjust: PlanAdjust {
                protein: i8::try_from(int("protein")).ok()?,
                carbs: i8::try_from(int("carbs")).ok()?,
                calories: i8::try_from(int("calories")).ok()?,
                meals_per_day: mealplan_domain::MealsPerDay::parse(int("meals")).ok(),
                diet: field("diet").and_then(|d| DietType::parse(&d).ok()),
            },
            meals_change: 0,
            confirmed: true,
            household: int("household") == 1,
            mine: match int("mine") {
                1 => MyRecipes::Prefer,
                2 => MyRecipes::Only,
                _ => MyRecipes::Include,
            },
            leftovers: (int("leftovers") == 1).then(|| Leftovers {
                cook_at_most: u8::try_from(int("cook_at_most")).ok().filter(|n| *n > 0),
            }),
        }),
        "member" => Some(ToolRequest::AddMember(decode_member(line))),
        "me" => Some(ToolRequest::CreateProfile {
            then_plan: int("plan") == 1,
            facts: decode_member(line),
        }),
        "diet" => Some(ToolRequest::ChangeProfile(ProfileChange::Diet(
            DietType::parse(&field("name")?).ok()?,
        ))),
        "dropdiet" => Some(ToolRequest::ChangeProfile(ProfileChange::DropDiet(
            DietType::parse(&field("name")?).ok()?,
        ))),
        "goal" => Some(ToolRequest::ChangeProfile(ProfileChange::Goal(
            Goal::parse(&field("name")?).ok()?,
        ))),
        "meals" => Some(ToolRequest::ChangeProfile(ProfileChange::Meals(
            u8::try_from(int("n"))
                .ok()
                .filter(|n| (1..=6).contains(n))?,
        ))),
        "rebalance" => Some(ToolRequest::Rebalance {
            day: u8::try_from(int("day"))
                .ok()
                .filter(|d| (1..=7).contains(d)),
        }),
        "add" => Some(ToolRequest::AddPreference {
            kind: match field("kind")?.as_str() {
                "taste" => ItemKind::Taste,
                "restriction" => ItemKind::Restriction,
                _ => return None,
            },
            names: line
                .split_once("names=")?
                .1
                .split('|')
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect(),
        }),
        _ => None,
    }
}

/// `text` with the characters the line format uses escaped.
fn escape(text: &str) -> String {
    text.replace('%', "%25")
        .replace(' ', "%20")
        .replace('|', "%7C")
        .replace('=', "%3D")
}

fn unescape(text: &str) -> String {
    text.replace("%20", " ")
        .replace("%7C", "|")
        .replace("%3D", "=")
        .replace("%25", "%")
}

fn encode_member(m: &MemberFacts) -> String {
    let mut out = "member".to_owned();
    let mut put = |k: &str, v: Option<String>| {
        if let Some(v) = v.filter(|v| !v.is_empty()) {
            out.push_str(&format!(" {k}={v}"));
        }
    };
    let one = |v: Option<String>| v.map(|v| escape(&v));
    put("name", one(m.name.clone()));
    put("relation", one(m.relation.clone()));
    put("gender", m.gender.map(|g| g.as_str().to_owned()));
    put("age", m.age.map(|a| a.to_string()));
    put("height", m.height.map(|h| h.to_string()));
    put("weight", m.weight.map(|w| w.to_string()));
    put("goal", m.goal.map(|g| g.as_str().to_owned()));
    put("activity", m.activity.map(|a| a.as_str().to_owned()));
    put("meals", m.meals.map(|n| n.to_string()));
    put(
        "diets",
        Some(
            m.diets
                .iter()
                .map(|d| d.as_str())
                .collect::<Vec<_>>()
                .join("|"),
        ),
    );
    put(
        "restrictions",
        Some(
            m.restrictions
                .iter()
                .map(|r| escape(r))
                .collect::<Vec<_>>()
                .join("|"),
        ),
    );
    out
}

fn decode_member(line: &str) -> MemberFacts {
    let field = |k: &str| {
        line.split(' ')
            .find_map(|p| p.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
            .map(unescape)
    };
    let list = |k: &str| -> Vec<String> {
        line.split(' ')
            .find_map(|p| p.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
            .map(|v| v.split('|').map(unescape).collect())
            .unwrap_or_default()
    };
    MemberFacts {
        name: field("name"),
        relation: field("relation"),
        gender: field("gender").and_then(|g| Gender::parse(&g).ok()),
        age: field("age").and_then(|a| a.parse().ok()),
        height: field("height").and_then(|h| h.parse().ok()),
        weight: field("weight").and_then(|w| w.parse().ok()),
        goal: field("goal").and_then(|g| Goal::parse(&g).ok()),
        activity: field("activity").and_then(|a| ActivityLevel::parse(&a).ok()),
        meals: field("meals").and_then(|n| n.parse().ok()),
        diets: list("diets")
            .iter()
            .filter_map(|d| DietType::parse(d).ok())
            .collect(),
        restrictions: list("restrictions"),
        ..MemberFacts::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_requests_read_back_as_written() {
        for request in [
            ToolRequest::GenerateWeeklyPlan {
                days: 5,
                adjust: PlanAdjust {
                    protein: 1,
                    carbs: -1,
                    calories: 0,
                    meals_per_day: mealplan_domain::MealsPerDay::parse(3).ok(),
                    diet: Some(DietType::Vegetarian),
                },
                meals_change: 0,
                confirmed: true,
                household: true,
                mine: MyRecipes::Only,
                leftovers: Some(Leftovers {
                    cook_at_most: Some(5),
                }),
            },
            ToolRequest::Rebalance { day: Some(2) },
            ToolRequest::AddMember(MemberFacts {
                name: Some("Ana María".into()),
                relation: Some("wife".into()),
                gender: Some(Gender::Female),
                age: Some(34),
                height: Some(165.5),
                weight: None,
                goal: Some(Goal::LoseWeight),
                activity: Some(ActivityLevel::High),
                meals: Some(4),
                diets: vec![DietType::Vegetarian],
                restrictions: vec!["peanut allergy".into(), "50% = pork|x".into()],
                ..MemberFacts::default()
            }),
            ToolRequest::AddMember(MemberFacts::default()),
            ToolRequest::CreateProfile {
                facts: MemberFacts {
                    gender: Some(Gender::Male),
                    age: Some(41),
                    weight: Some(90.0),
                    goal: Some(Goal::LoseWeight),
                    restrictions: vec!["pescatarian".into()],
                    ..MemberFacts::default()
                },
                then_plan: true,
            },
            ToolRequest::CreateProfile {
                facts: MemberFacts::default(),
                then_plan: false,
            },
            ToolRequest::ChangeProfile(ProfileChange::Diet(DietType::LowCarb)),
            ToolRequest::ChangeProfile(ProfileChange::DropDiet(DietType::HighProtein)),
            ToolRequest::ChangeProfile(ProfileChange::Goal(Goal::MaintainWeight)),
            ToolRequest::Rebalance { day: None },
            ToolRequest::AddPreference {
                kind: ItemKind::Restriction,
                names: vec!["mushrooms".into(), "nut allergy".into()],
            },
        ] {
            assert_eq!(decode(&encode(&request).unwrap()), Some(request));
        }
        assert_eq!(decode("generate days=9"), None);
        assert_eq!(decode("launch rockets"), None);
    }
}
