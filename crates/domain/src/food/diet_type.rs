//! The diet types a recipe earns from its ingredients and nutrition (see
//! [`labels`](super::labels)) and a person prefers.

choice!(
    /// The fixed diet types; their ids are their 1-based position.
    DietType {
        /// Rich in protein.
        HighProtein = "high_protein",
        /// Few carbohydrates.
        LowCarb = "low_carb",
        /// No animal products at all.
        Vegan = "vegan",
        /// No meat or fish.
        Vegetarian = "vegetarian",
        /// Few calories.
        LowCalorie = "low_calorie",
        /// Rich in fibre.
        HighFiber = "high_fiber",
        /// Rich in carbohydrates.
        HighCarb = "high_carb",
    }
);

impl DietType {
    /// Stable id, 1-7 in the spec's order.
    pub fn id(self) -> i64 {
        Self::ALL
            .iter()
            .position(|d| *d == self)
            .map_or(0, |i| i as i64 + 1)
    }

    /// The diet type with this id.
    pub fn from_id(id: i64) -> Option<Self> {
        usize::try_from(id - 1)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}
