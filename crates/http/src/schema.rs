//! Closed value sets as they appear in the OpenAPI document, read from the
//! domain's own lists of names (the ones validation accepts), and the
//! builders of field schemas from the domain's bounds.

use mealplan_domain::kitchen::Aisle;
use mealplan_domain::{ActivityLevel, BodyType, DietType, Gender, Goal, MealType, Relation};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

/// A named closed set of strings: its schema lists the domain's names.
macro_rules! named_set {
    ($(#[doc = $doc:literal])+ $name:ident = $names:expr) => {
        $(#[doc = $doc])+
        pub struct $name;

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some(concat!($($doc),+).trim()))
                    .enum_values(Some($names.iter().copied()))
                    .into()
            }
        }

        impl ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
        }
    };
}

named_set!(
    /// A weight goal.
    GoalName = Goal::NAMES
);
named_set!(
    /// A build.
    BodyTypeName = BodyType::NAMES
);
named_set!(
    /// Sex for the BMR formula.
    GenderName = Gender::NAMES
);
named_set!(
    /// Daily activity.
    ActivityLevelName = ActivityLevel::NAMES
);
named_set!(
    /// One of the 7 diet types.
    DietTypeName = DietType::NAMES
);
named_set!(
    /// What a household member is to the account holder.
    RelationName = Relation::NAMES
);
named_set!(
    /// A meal type.
    MealTypeName = MealType::NAMES
);
named_set!(
    /// A shop aisle, in the order a shopping list walks the shop.
    AisleName = Aisle::NAMES
);

/// How a list is written: JSON, or plain text to print.
#[derive(ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum ListFormat {
    /// Structured, for programs.
    json,
    /// Plain text, to print.
    text,
}

/// What a swap of a meal that later meals eat from (a cooking meal) does
/// with them.
#[derive(ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum LeftoversChoice {
    /// They take the new recipe too, still eaten from the meal.
    keep,
    /// They keep their recipe, each cooked where it is eaten.
    drop,
}

/// Field schemas built from the domain's own bounds, for request fields
/// whose type is a domain value (`#[schema(schema_with = …)]`): each bound
/// is written once, where it is enforced. (utoipa drops a field's doc
/// comment when `schema_with` gives its schema, so each carries its
/// description.)
pub mod field {
    use mealplan_domain::{Email, Password, UserName};
    use utoipa::openapi::Required;
    use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
    use utoipa::openapi::schema::{
        KnownFormat, Object, ObjectBuilder, SchemaFormat, SchemaType, Type,
    };

    use utoipa::openapi::schema::{Array, ArrayBuilder};

    use crate::validate::PRINTABLE_PATTERN;

    /// Some character that is not white space (JSON Schema patterns are
    /// searched for, not anchored).
    pub const NOT_BLANK_PATTERN: &str = r"\S";

    /// A string of `min` to `max` characters.
    pub fn text(min: Option<usize>, max: Option<usize>) -> ObjectBuilder {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(min)
            .max_length(max)
    }

    /// A stored name: printable characters only.
    pub fn name(max: usize) -> ObjectBuilder {
        text(Some(1), Some(max)).pattern(Some(PRINTABLE_PATTERN))
    }

    /// A whole number in `lo..=hi`.
    pub fn int((lo, hi): (i64, i64)) -> ObjectBuilder {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(lo))
            .maximum(Some(hi))
    }

    /// A number in `lo..=hi`.
    pub fn number((lo, hi): (f64, f64)) -> ObjectBuilder {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .minimum(Some(lo))
            .maximum(Some(hi))
    }

    /// `builder`, whose values are of type `ty`, also accepting `null`.
    pub fn or_null(builder: ObjectBuilder, ty: Type) -> ObjectBuilder {
        builder.schema_type(SchemaType::from_iter([ty, Type::Null]))
    }

    /// `builder` with its description.
    pub fn described(builder: ObjectBuilder, text: &str) -> Object {
        builder.description(Some(text)).build()
    }

    /// A required query parameter (for a query type whose `IntoParams`
    /// is written by hand: utoipa's derive makes a parameter whose schema
    /// comes from `schema_with` optional and drops its description).
    pub fn required_query(name: &str, description: &str, schema: Object) -> Parameter {
        ParameterBuilder::new()
            .name(name)
            .parameter_in(ParameterIn::Query)
            .required(Required::True)
            .description(Some(description))
            .schema(Some(schema))
            .build()
    }

    /// A text that is not blank (a character other than white space),
    /// of 1 to `max` characters, as own recipes' fields are read (trimmed).
    pub fn not_blank(max: usize) -> ObjectBuilder {
        text(Some(1), Some(max)).pattern(Some(NOT_BLANK_PATTERN))
    }

    /// An own recipe's name.
    pub fn recipe_name() -> Object {
        described(
            not_blank(mealplan_app::own_recipes::MAX_NAME),
            "Dish name: 1 to 200 characters, not blank; kept as text.",
        )
    }

    /// An own recipe's ingredient lines.
    pub fn recipe_lines() -> Array {
        ArrayBuilder::new()
            .items(not_blank(mealplan_app::own_recipes::MAX_TEXT))
            .min_items(Some(1))
            .max_items(Some(mealplan_app::own_recipes::MAX_LINES))
            .description(Some(
                "Ingredient lines as a cook writes them (1 to 500, none blank).",
            ))
            .build()
    }

    /// An own recipe's steps.
    pub fn recipe_steps() -> Array {
        ArrayBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
            .items(not_blank(mealplan_app::own_recipes::MAX_TEXT))
            .max_items(Some(mealplan_app::own_recipes::MAX_STEPS))
            .description(Some("Steps, in order (at most 200, none blank)."))
            .build()
    }

    /// A display name.
    pub fn user_name() -> Object {
        described(name(UserName::MAX_CHARS), "Display name, trimmed.")
    }

    /// An e-mail address as typed.
    pub fn email() -> Object {
        described(
            text(None, Some(Email::MAX_BYTES))
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email))),
            "E-mail (`Name <address>` is accepted), trimmed and lowercased.",
        )
    }

    /// A new password: bcrypt reads at most its bytes limit (the same
    /// number of characters when they are ASCII).
    pub fn new_password() -> Object {
        described(
            text(Some(Password::MIN_CHARS), Some(Password::MAX_BYTES)),
            "The new password: at least 8 characters and at most 72 bytes of \
             UTF-8 (bcrypt's limit; 72 characters when they are ASCII).",
        )
    }

    /// The new password again, in the reset page's form.
    pub fn confirm_password() -> Object {
        described(
            text(Some(Password::MIN_CHARS), Some(Password::MAX_BYTES)),
            "The new password again: the same as `new_password`.",
        )
    }

    /// The token of a password reset link.
    pub fn reset_token() -> Object {
        described(
            text(None, None),
            "The `token` of the reset link (`/reset-password?token=…`).",
        )
    }

    /// The password in force, offered to log in or confirm a change.
    pub fn password() -> Object {
        described(
            text(Some(Password::MIN_CHARS), None),
            "The password in force (at least 8 characters).",
        )
    }
}
