//! The ten micronutrients a dietitian reads a week by (calcium, iron,
//! magnesium, potassium, zinc, vitamins A, C, D and B12, folate), as one
//! value: per 100 g of an ingredient, per serving of a recipe, per day or
//! week of a person. The catalogue takes them from USDA SR28; what a
//! person should have is the profile's business (their reference intakes
//! by age and sex).

choice!(
    /// One micronutrient, named as answers name it.
    Micronutrient {
        /// Calcium, mg.
        Calcium = "calcium",
        /// Iron, mg.
        Iron = "iron",
        /// Magnesium, mg.
        Magnesium = "magnesium",
        /// Potassium, mg.
        Potassium = "potassium",
        /// Zinc, mg.
        Zinc = "zinc",
        /// Vitamin A, µg retinol activity equivalents (RAE).
        VitaminA = "vitamin_a",
        /// Vitamin C, mg.
        VitaminC = "vitamin_c",
        /// Vitamin D (D2 + D3), µg.
        VitaminD = "vitamin_d",
        /// Vitamin B12, µg.
        VitaminB12 = "vitamin_b12",
        /// Folate, µg dietary folate equivalents (DFE).
        Folate = "folate",
    }
);

/// How many micronutrients [`Micronutrients`] holds.
pub const COUNT: usize = 10;

impl Micronutrient {
    /// The unit its amounts are in: `mg`, `µg`, `µg RAE` or `µg DFE`.
    pub fn unit(self) -> &'static str {
        use Micronutrient::*;
        match self {
            Calcium | Iron | Magnesium | Potassium | Zinc | VitaminC => "mg",
            VitaminA => "µg RAE",
            VitaminD | VitaminB12 => "µg",
            Folate => "µg DFE",
        }
    }

    /// Its name in a sentence ("vitamin B12").
    pub fn label(self) -> &'static str {
        use Micronutrient::*;
        match self {
            Calcium => "calcium",
            Iron => "iron",
            Magnesium => "magnesium",
            Potassium => "potassium",
            Zinc => "zinc",
            VitaminA => "vitamin A",
            VitaminC => "vitamin C",
            VitaminD => "vitamin D",
            VitaminB12 => "vitamin B12",
            Folate => "folate",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// An amount of each micronutrient (in [`Micronutrient::unit`]); 0 where
/// the source does not know it (SR28's empty values), so a sum is a floor.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Micronutrients([f64; COUNT]);

impl Micronutrients {
    /// The amounts in [`Micronutrient::ALL`] order; a negative or
    /// non-finite amount is read as 0 (nothing known).
    pub fn new(amounts: [f64; COUNT]) -> Self {
        Self(amounts.map(|v| if v.is_finite() { v.max(0.0) } else { 0.0 }))
    }

    /// The amount of `m`.
    pub fn get(&self, m: Micronutrient) -> f64 {
        self.0[m.index()]
    }

    /// Each micronutrient with its amount, in [`Micronutrient::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Micronutrient, f64)> + '_ {
        Micronutrient::ALL.iter().map(|m| (*m, self.get(*m)))
    }

    /// This much times `factor` (servings, or grams / 100 of a per-100 g
    /// value).
    pub fn scaled(self, factor: f64) -> Self {
        Self(self.0.map(|v| v * factor))
    }

    /// Of `grams` grams of each food whose per-100 g amounts `per_100g`
    /// gives (`None`: a food it does not know, counted as nothing).
    pub fn of_foods<'a>(
        foods: impl IntoIterator<Item = (Option<&'a Micronutrients>, f64)>,
    ) -> Self {
        foods
            .into_iter()
            .filter_map(|(per_100g, grams)| per_100g.map(|m| m.scaled(grams / 100.0)))
            .sum()
    }
}

impl std::ops::Add for Micronutrients {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self(std::array::from_fn(|k| self.0[k] + o.0[k]))
    }
}

impl std::iter::Sum for Micronutrients {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_scale_and_add_by_nutrient() {
        let mut milk = [0.0; COUNT];
        milk[Micronutrient::Calcium as usize] = 113.0;
        milk[Micronutrient::VitaminB12 as usize] = 0.45;
        let milk = Micronutrients::new(milk);
        let mut oats = [0.0; COUNT];
        oats[Micronutrient::Calcium as usize] = 54.0;
        oats[Micronutrient::Iron as usize] = 4.72;
        let oats = Micronutrients::new(oats);
        // 200 g of milk and 50 g of oats, and a food nobody knows.
        let bowl =
            Micronutrients::of_foods([(Some(&milk), 200.0), (Some(&oats), 50.0), (None, 30.0)]);
        assert!((bowl.get(Micronutrient::Calcium) - 253.0).abs() < 1e-9);
        assert!((bowl.get(Micronutrient::Iron) - 2.36).abs() < 1e-9);
        assert!((bowl.get(Micronutrient::VitaminB12) - 0.9).abs() < 1e-9);
        assert_eq!(bowl.get(Micronutrient::Zinc), 0.0);
        let week: Micronutrients = std::iter::repeat_n(bowl.scaled(1.5), 7).sum();
        assert!((week.get(Micronutrient::Calcium) - 253.0 * 1.5 * 7.0).abs() < 1e-6);
        assert_eq!(week.iter().count(), COUNT);
    }

    #[test]
    fn unknown_or_nonsense_reads_as_nothing() {
        let mut odd = [1.0; COUNT];
        odd[0] = f64::NAN;
        odd[1] = -3.0;
        let m = Micronutrients::new(odd);
        assert_eq!(m.get(Micronutrient::Calcium), 0.0);
        assert_eq!(m.get(Micronutrient::Iron), 0.0);
        assert_eq!(m.get(Micronutrient::Folate), 1.0);
        assert_eq!(
            Micronutrient::parse("vitamin_b12"),
            Ok(Micronutrient::VitaminB12)
        );
        assert_eq!(Micronutrient::VitaminA.unit(), "µg RAE");
    }
}
