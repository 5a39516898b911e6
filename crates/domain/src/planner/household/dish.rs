//! A dish of a table's stored day and what re-balancing may change of
//! it: the types re-balancing (`rebalance.rs`) and the variety rules
//! (`variety.rs`) both read, kept apart so neither imports the other.

use crate::food::meal::MealType;

use super::Share;

/// What re-balancing may change of a dish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Its recipe and its portions (a pending dish the planner chose).
    Nothing,
    /// Only its portions (a dish just swapped in: its recipe stays).
    Dish,
    /// Nothing at all: eaten, or chosen by the user.
    All,
}

/// One dish of a table's stored day.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDish {
    /// The recipe, as an index into the request's recipes.
    pub recipe: usize,
    /// Its slot.
    pub meal_type: MealType,
    /// Who eats it and how much: diner indices into the request's
    /// diners; a share naming no diner (someone no longer at the table)
    /// is kept as it is.
    pub shares: Vec<Share>,
    /// What may change.
    pub keep: Keep,
    /// A leftover: eaten from the dish at (day, dish) of the plan being
    /// re-balanced (indices into [`DayRequest::plan`](crate::planner::DayRequest::plan)),
    /// whose recipe it shares; a re-balance keeps both dishes' recipes
    /// ([`rebalance_day`](crate::planner::rebalance_day)). `None` for a
    /// dish cooked for itself.
    pub leftover_of: Option<(usize, usize)>,
}
