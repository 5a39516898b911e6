//! What a household member is to the account holder ("mother"), said
//! when they are added, so that "my mom" or "mi mamá" finds them later.

choice!(
    /// What a household member is to the account holder, in one canonical
    /// English word: the words a person uses for it ("mom", "mum",
    /// "mamá", "madre") are the caller's to map onto these.
    Relation {
        /// Wife.
        Wife = "wife",
        /// Husband.
        Husband = "husband",
        /// Partner, of either sex.
        Partner = "partner",
        /// Girlfriend.
        Girlfriend = "girlfriend",
        /// Boyfriend.
        Boyfriend = "boyfriend",
        /// Son.
        Son = "son",
        /// Daughter.
        Daughter = "daughter",
        /// A child, of either sex.
        Child = "child",
        /// Mother.
        Mother = "mother",
        /// Father.
        Father = "father",
        /// Brother.
        Brother = "brother",
        /// Sister.
        Sister = "sister",
        /// Grandmother.
        Grandmother = "grandmother",
        /// Grandfather.
        Grandfather = "grandfather",
        /// Grandson.
        Grandson = "grandson",
        /// Granddaughter.
        Granddaughter = "granddaughter",
        /// A grandchild, of either sex.
        Grandchild = "grandchild",
        /// Aunt.
        Aunt = "aunt",
        /// Uncle.
        Uncle = "uncle",
        /// Niece.
        Niece = "niece",
        /// Nephew.
        Nephew = "nephew",
        /// Cousin.
        Cousin = "cousin",
        /// Someone the holder shares a home with.
        Roommate = "roommate",
        /// A friend.
        Friend = "friend",
    }
);
