//! Ingredient lines as cooks write them ("1 ½ tbsp olive oil", "1 (400 g)
//! can chickpeas, drained"), read and placed on one USDA SR28 food each.
