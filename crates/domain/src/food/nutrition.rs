//! What a serving brings: calories, macros, fibre and sugars, and how far
//! apart two servings are.

/// Nutrition of one serving.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Nutrition {
    /// kcal.
    pub calories: f64,
    /// Protein, g.
    pub protein: f64,
    /// Carbohydrates, g.
    pub carbs: f64,
    /// Fat, g.
    pub fat: f64,
    /// Fibre, g.
    pub fiber: f64,
    /// Sugars, g.
    pub sugar: f64,
}

impl Nutrition {
    /// This much times `servings`.
    pub fn scaled(self, servings: f64) -> Self {
        Self {
            calories: self.calories * servings,
            protein: self.protein * servings,
            carbs: self.carbs * servings,
            fat: self.fat * servings,
            fiber: self.fiber * servings,
            sugar: self.sugar * servings,
        }
    }

    /// The portion of `servings` as a plate shows it: each value rounded
    /// to a whole unit. Day totals add these, so the totals a client sums
    /// from the meals it shows equal the service's own.
    pub fn served(self, servings: f64) -> Self {
        let whole = |v: f64| (v * servings).round().max(0.0);
        Self {
            calories: whole(self.calories),
            protein: whole(self.protein),
            carbs: whole(self.carbs),
            fat: whole(self.fat),
            fiber: whole(self.fiber),
            sugar: whole(self.sugar),
        }
    }
}

impl std::ops::Add for Nutrition {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self {
            calories: self.calories + o.calories,
            protein: self.protein + o.protein,
            carbs: self.carbs + o.carbs,
            fat: self.fat + o.fat,
            fiber: self.fiber + o.fiber,
            sugar: self.sugar + o.sugar,
        }
    }
}

impl std::ops::Sub for Nutrition {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Self {
            calories: self.calories - o.calories,
            protein: self.protein - o.protein,
            carbs: self.carbs - o.carbs,
            fat: self.fat - o.fat,
            fiber: self.fiber - o.fiber,
            sugar: self.sugar - o.sugar,
        }
    }
}

impl std::iter::Sum for Nutrition {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), |a, b| a + b)
    }
}

/// How far apart two servings are, in kcal: the Euclidean distance of
/// their calories and of the energy each macro brings (4 kcal/g protein
/// and carbohydrate, 9 kcal/g fat). Smaller is more alike.
pub fn nutrition_distance(a: &Nutrition, b: &Nutrition) -> f64 {
    let d = [
        a.calories - b.calories,
        4.0 * (a.protein - b.protein),
        4.0 * (a.carbs - b.carbs),
        9.0 * (a.fat - b.fat),
    ];
    d.iter().map(|x| x * x).sum::<f64>().sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_weighs_macros_by_energy() {
        let a = Nutrition {
            calories: 500.0,
            fat: 10.0,
            ..Nutrition::default()
        };
        let b = Nutrition {
            calories: 500.0,
            fat: 20.0,
            ..Nutrition::default()
        };
        assert_eq!(nutrition_distance(&a, &b), 90.0);
        assert_eq!(nutrition_distance(&a, &a), 0.0);
    }
}
