//! Diesel table definitions shared by both backends. Types stay within
//! what a `MultiConnection` supports (no Bool, no Json: Integer and Text).

diesel::table! {
    users (id) {
        id -> BigInt,
        name -> Text,
        email -> Text,
        password_hash -> Text,
        created_at -> Timestamp,
        security_stamp -> Text,
    }
}

diesel::table! {
    revoked_tokens (jti) {
        jti -> Text,
        user_id -> BigInt,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    password_resets (user_id) {
        user_id -> BigInt,
        token_hash -> Text,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    diet_types (id) {
        id -> BigInt,
        name -> Text,
    }
}

diesel::table! {
    meal_types (id) {
        id -> BigInt,
        name -> Text,
    }
}

diesel::table! {
    tastes (id) {
        id -> BigInt,
        name -> Text,
        owner_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    restrictions (id) {
        id -> BigInt,
        name -> Text,
        owner_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    profiles (id) {
        id -> BigInt,
        user_id -> BigInt,
        goal -> Text,
        height -> Double,
        weight -> Double,
        body_type -> Text,
        gender -> Text,
        meals_per_day -> Integer,
        activity_level -> Text,
        birth_date -> Date,
        body_fat_percentage -> Double,
        calories_target -> Double,
        protein_target -> Double,
        carbs_target -> Double,
        fat_target -> Double,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        manual_targets -> Integer,
        tastes_list -> Text,
        restrictions_list -> Text,
        diets_list -> Text,
        /// A member's name; NULL for the holder (the account's name).
        name -> Nullable<Text>,
        /// What a member is to the holder (`Relation`), when said.
        relation -> Nullable<Text>,
    }
}

diesel::table! {
    recipes (id) {
        id -> BigInt,
        recipe_id -> BigInt,
        name -> Text,
        calories -> Double,
        protein -> Double,
        carbs -> Double,
        fat -> Double,
        fiber -> Double,
        sugar -> Double,
        image_url -> Nullable<Text>,
        recipe_url -> Nullable<Text>,
        meal_types -> Text,
        diet_types -> Text,
        allergens -> Text,
        tastes -> Text,
        ingredients -> Text,
        fingerprint -> Text,
        prep_minutes -> Integer,
        cook_minutes -> Integer,
        steps -> Text,
        saturated_fat -> Double,
        sodium -> Double,
        micronutrients -> Text,
    }
}

diesel::table! {
    plans (id) {
        id -> BigInt,
        user_id -> BigInt,
        active -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        tolerance_calories -> Nullable<Double>,
        tolerance_macros -> Nullable<Double>,
        max_servings -> Nullable<Double>,
        adjust_protein -> SmallInt,
        adjust_carbs -> SmallInt,
        adjust_calories -> SmallInt,
        adjust_meals -> Nullable<Integer>,
        adjust_diet -> Nullable<Text>,
        household -> Integer,
        revision -> BigInt,
    }
}

diesel::table! {
    daily_menus (id) {
        id -> BigInt,
        plan_id -> BigInt,
        day_of_week -> Integer,
        notes -> Nullable<Text>,
        rebalance_notes -> Nullable<Text>,
    }
}

diesel::table! {
    meal_details (id) {
        id -> BigInt,
        daily_menu_id -> BigInt,
        recipe_id -> BigInt,
        schedule -> Integer,
        status -> Integer,
        meal_type_id -> BigInt,
        servings -> Double,
        updated_at -> Nullable<Timestamp>,
        chosen -> Integer,
        shared -> Integer,
        revision -> BigInt,
        note -> Nullable<Text>,
        cooked_day -> Nullable<Integer>,
        cooked_schedule -> Nullable<Integer>,
    }
}

diesel::table! {
    chat_memory (user_id) {
        user_id -> BigInt,
        lang -> Nullable<Text>,
        pending -> Nullable<Text>,
        shown_meal_id -> Nullable<BigInt>,
        shown_recipe_ids -> Nullable<Text>,
    }
}

diesel::joinable!(meal_details -> daily_menus (daily_menu_id));
diesel::joinable!(daily_menus -> plans (plan_id));
diesel::joinable!(profiles -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    revoked_tokens,
    password_resets,
    diet_types,
    meal_types,
    tastes,
    restrictions,
    profiles,
    recipes,
    plans,
    daily_menus,
    meal_details,
);

diesel::table! {
    meal_portions (meal_detail_id, position) {
        meal_detail_id -> BigInt,
        position -> Integer,
        member_id -> Nullable<BigInt>,
        name -> Text,
        servings -> Double,
    }
}

diesel::joinable!(meal_portions -> meal_details (meal_detail_id));
diesel::allow_tables_to_appear_in_same_query!(meal_portions, meal_details);
diesel::allow_tables_to_appear_in_same_query!(meal_portions, daily_menus);
diesel::allow_tables_to_appear_in_same_query!(meal_portions, plans);

diesel::table! {
    own_recipes (recipe_id) {
        recipe_id -> BigInt,
        owner_id -> BigInt,
        servings -> Integer,
        stated -> Text,
        keywords -> Text,
        deleted -> Integer,
    }
}

diesel::table! {
    own_recipe_lines (recipe_id, position) {
        recipe_id -> BigInt,
        position -> Integer,
        raw -> Text,
        ndb -> Nullable<Integer>,
        description -> Nullable<Text>,
        grams -> Nullable<Double>,
        confidence -> Nullable<Double>,
        candidates -> Text,
        review -> Text,
    }
}

diesel::allow_tables_to_appear_in_same_query!(own_recipes, own_recipe_lines, recipes);

diesel::table! {
    pantry_items (user_id, position) {
        user_id -> BigInt,
        position -> Integer,
        name -> Text,
        grams -> Double,
        use_by -> Nullable<Date>,
    }
}

diesel::table! {
    pantry_meals (meal_detail_id) {
        meal_detail_id -> BigInt,
        user_id -> BigInt,
    }
}

diesel::table! {
    pantry_draws (meal_detail_id, position) {
        meal_detail_id -> BigInt,
        position -> Integer,
        name -> Text,
        grams -> Double,
        use_by -> Nullable<Date>,
    }
}

diesel::joinable!(pantry_meals -> meal_details (meal_detail_id));
diesel::allow_tables_to_appear_in_same_query!(pantry_meals, pantry_draws);
diesel::allow_tables_to_appear_in_same_query!(pantry_meals, daily_menus);
diesel::allow_tables_to_appear_in_same_query!(pantry_meals, plans);
diesel::allow_tables_to_appear_in_same_query!(pantry_meals, meal_details);
diesel::allow_tables_to_appear_in_same_query!(pantry_draws, meal_details);
