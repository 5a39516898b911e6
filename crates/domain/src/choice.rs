//! Closed sets of wire names (`lose_weight`, `vegan`, `dinner`, …): one
//! macro declares each, so every set parses, lists and names its values
//! the same way and refuses others with the same [`ChoiceError`].

/// A text that names none of a closed set's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("must be one of {allowed:?}")]
pub struct ChoiceError {
    /// The names that would have been accepted, in listing order.
    pub allowed: &'static [&'static str],
}

/// Declares a closed set of lowercase string values with a stable order.
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, in the order clients see them listed.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];
            /// The wire names, in the same order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The value named exactly `text` (case matters), or the list
            /// of names that would have been accepted.
            pub fn parse(text: &str) -> Result<Self, $crate::ChoiceError> {
                match text {
                    $($text => Ok(Self::$variant),)+
                    _ => Err($crate::ChoiceError { allowed: Self::NAMES }),
                }
            }

            /// The wire name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }
        }
    };
}
