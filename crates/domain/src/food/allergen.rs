//! The 14 allergen groups food labels must declare in the EU, and the
//! restriction name that excludes each.

choice!(
    /// The 14 allergen groups of EU Regulation 1169/2011 (Annex II), in
    /// its order. The wire names are what storage keeps.
    Allergen {
        /// Cereals containing gluten: wheat (spelt, durum, couscous,
        /// bulgur), rye, barley, oats.
        Gluten = "gluten",
        /// Crustaceans: shrimp and prawns, crab, lobster, crayfish.
        Crustaceans = "crustaceans",
        /// Eggs.
        Egg = "egg",
        /// Fish.
        Fish = "fish",
        /// Peanuts (a legume, apart from tree nuts).
        Peanut = "peanut",
        /// Soybeans.
        Soy = "soy",
        /// Milk, lactose included.
        Milk = "milk",
        /// Tree nuts: almonds, hazelnuts, walnuts, cashews, pecans, brazil
        /// nuts, pistachios, macadamias (pine nuts counted too).
        TreeNut = "tree_nut",
        /// Celery and celeriac.
        Celery = "celery",
        /// Mustard.
        Mustard = "mustard",
        /// Sesame seeds.
        Sesame = "sesame",
        /// Sulphur dioxide and sulphites (over 10 mg/kg).
        Sulphites = "sulphites",
        /// Lupin.
        Lupin = "lupin",
        /// Molluscs: mussels, clams, oysters, scallops, squid, octopus.
        Molluscs = "molluscs",
    }
);

impl Allergen {
    /// A restriction name that excludes exactly this allergen.
    pub fn restriction_name(self) -> &'static str {
        match self {
            Self::Gluten => "gluten free",
            Self::Crustaceans => "crustacean allergy",
            Self::Egg => "egg allergy",
            Self::Fish => "fish allergy",
            Self::Peanut => "peanut allergy",
            Self::Soy => "soy allergy",
            Self::Milk => "lactose intolerance",
            Self::TreeNut => "tree nut allergy",
            Self::Celery => "celery allergy",
            Self::Mustard => "mustard allergy",
            Self::Sesame => "sesame allergy",
            Self::Sulphites => "sulphite allergy",
            Self::Lupin => "lupin allergy",
            Self::Molluscs => "mollusc allergy",
        }
    }

    /// The allergen whose [`restriction_name`](Self::restriction_name) is
    /// exactly `name`.
    pub fn from_restriction_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|a| a.restriction_name() == name)
    }

    /// The group's name in words (`peanuts`, `tree nuts`).
    pub fn group_name(self) -> &'static str {
        match self {
            Self::Gluten => "cereals containing gluten",
            Self::Crustaceans => "crustaceans",
            Self::Egg => "eggs",
            Self::Fish => "fish",
            Self::Peanut => "peanuts",
            Self::Soy => "soybeans",
            Self::Milk => "milk",
            Self::TreeNut => "tree nuts",
            Self::Celery => "celery",
            Self::Mustard => "mustard",
            Self::Sesame => "sesame",
            Self::Sulphites => "sulphites",
            Self::Lupin => "lupin",
            Self::Molluscs => "molluscs",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_allergen_has_a_restriction_name_of_its_own() {
        for a in Allergen::ALL {
            assert_eq!(
                Allergen::from_restriction_name(a.restriction_name()),
                Some(*a)
            );
            assert_eq!(Allergen::parse(a.as_str()), Ok(*a));
        }
        assert_eq!(Allergen::ALL.len(), 14);
        assert_eq!(Allergen::from_restriction_name("kiwi allergy"), None);
    }
}
