//! Step templates: text with `{…}` references to the recipe's own
//! ingredient amounts, and `{100 ml water}` amounts the ingredient list
//! does not carry, cut into parts that
//! [`Kitchen::step`](super::Kitchen::step) renders for a portion.

/// A `{…}` reference to an ingredient in a step template.
#[derive(Debug, Clone, PartialEq)]
pub struct StepRef {
    /// Ingredient name.
    pub name: String,
    /// Share of the recipe's amount, e.g. 0.5 for `{1/2 olive oil}`.
    pub share: f64,
    /// `dry`, `raw`, …: the amount in its bought form.
    pub form: Option<String>,
}

/// An amount a step measures that is not an ingredient of the recipe
/// (water, a spoon of the pan's coconut milk, yeast): written
/// `{100 ml water}`, `{1.5 l water}`, `{3 tbsp of the water}` or
/// `{1 tsp instant yeast}` for one serving, it scales with the portion
/// like the ingredients do, so a pot for four is not left with one
/// serving's water.
#[derive(Debug, Clone, PartialEq)]
pub struct StepAmount {
    /// Millilitres for one serving (a teaspoon is 5, a tablespoon 15).
    pub ml: f64,
    /// What is measured, as the step says it: `water`, `boiling water`,
    /// `of the coconut milk`.
    pub what: String,
}

/// A step template cut into text and references.
#[derive(Debug, Clone, PartialEq)]
pub enum StepPart {
    /// Literal text.
    Text(String),
    /// An ingredient amount.
    Ref(StepRef),
    /// An amount of something the ingredient list leaves out (water).
    Amount(StepAmount),
}

/// Why a step template does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// A `{` without its `}`.
    #[error("unclosed `{{` in {0:?}")]
    Unclosed(String),
    /// A `{` inside a reference.
    #[error("nested `{{` in {0:?}")]
    Nested(String),
    /// A `}` without its `{`.
    #[error("stray `}}` in {0:?}")]
    Stray(String),
    /// A share that is not a proper fraction (`{1/2 olive oil}`).
    #[error("bad share in {{{0}}}")]
    BadShare(String),
    /// A reference without a name, or with an empty form.
    #[error("empty reference {{{0}}}")]
    EmptyReference(String),
    /// An amount (`{100 ml water}`) without a positive number, a unit of
    /// ml, l, tbsp or tsp, or what it measures.
    #[error("bad amount {{{0}}}: expected `{{NUMBER ml|l|tbsp|tsp WHAT}}`")]
    BadAmount(String),
}

/// Cuts a step template into text and `{…}` references. Fails on an
/// unclosed or empty brace or a malformed share.
pub fn parse_step(template: &str) -> Result<Vec<StepPart>, StepError> {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            parts.push(StepPart::Text(rest[..open].to_owned()));
        }
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| StepError::Unclosed(template.to_owned()))?;
        let inner = after[..close].trim();
        if inner.contains('{') {
            return Err(StepError::Nested(template.to_owned()));
        }
        let starts_with_number = inner
            .split(' ')
            .next()
            .is_some_and(|first| !first.contains('/') && first.parse::<f64>().is_ok());
        parts.push(if starts_with_number {
            StepPart::Amount(parse_amount(inner)?)
        } else {
            StepPart::Ref(parse_ref(inner)?)
        });
        rest = &after[close + 1..];
    }
    if rest.contains('}') {
        return Err(StepError::Stray(template.to_owned()));
    }
    if !rest.is_empty() {
        parts.push(StepPart::Text(rest.to_owned()));
    }
    Ok(parts)
}

/// Millilitres in one of a step amount's units.
fn unit_ml(unit: &str) -> Option<f64> {
    match unit {
        "ml" => Some(1.0),
        "l" => Some(1000.0),
        "tbsp" => Some(15.0),
        "tsp" => Some(5.0),
        _ => None,
    }
}

fn parse_amount(inner: &str) -> Result<StepAmount, StepError> {
    let bad = || StepError::BadAmount(inner.to_owned());
    let mut words = inner.splitn(3, ' ');
    let (Some(number), Some(unit), Some(what)) = (words.next(), words.next(), words.next()) else {
        return Err(bad());
    };
    let amount = number
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
        .ok_or_else(bad)?;
    let ml = unit_ml(unit).ok_or_else(bad)? * amount;
    let what = what.trim();
    if what.is_empty() {
        return Err(bad());
    }
    Ok(StepAmount {
        ml,
        what: what.to_owned(),
    })
}

fn parse_ref(inner: &str) -> Result<StepRef, StepError> {
    let (share, rest) = match inner.split_once(' ') {
        Some((first, rest)) if first.contains('/') => {
            let (n, d) = first.split_once('/').unwrap_or_default();
            let (n, d) = (n.parse::<u32>(), d.parse::<u32>());
            match (n, d) {
                (Ok(n), Ok(d)) if n > 0 && d > 0 && n < d => (f64::from(n) / f64::from(d), rest),
                _ => return Err(StepError::BadShare(inner.to_owned())),
            }
        }
        _ => (1.0, inner),
    };
    let (name, form) = match rest.split_once(':') {
        Some((name, form)) => (name.trim(), Some(form.trim().to_owned())),
        None => (rest.trim(), None),
    };
    if name.is_empty() || form.as_deref() == Some("") {
        return Err(StepError::EmptyReference(inner.to_owned()));
    }
    Ok(StepRef {
        name: name.to_owned(),
        share,
        form,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_parse_strictly() {
        let parts = parse_step("Add {2/3 milk:dry} now").unwrap();
        assert_eq!(
            parts[1],
            StepPart::Ref(StepRef {
                name: "milk".into(),
                share: 2.0 / 3.0,
                form: Some("dry".into()),
            })
        );
        for bad in [
            "{milk",
            "milk}",
            "{}",
            "{3/2 milk}",
            "{x/2 milk}",
            "{milk:}",
        ] {
            assert!(parse_step(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_step("Add {milk").unwrap_err().to_string(),
            "unclosed `{` in \"Add {milk\""
        );
        assert_eq!(
            parse_step("{3/2 milk}"),
            Err(StepError::BadShare("3/2 milk".into()))
        );
    }

    #[test]
    fn amounts_outside_the_list_read_in_millilitres() {
        let amount = |t: &str| match &parse_step(t).unwrap()[..] {
            [StepPart::Amount(a)] => (a.ml, a.what.clone()),
            other => panic!("{other:?}"),
        };
        assert_eq!(amount("{100 ml water}"), (100.0, "water".into()));
        assert_eq!(
            amount("{1.5 l boiling water}"),
            (1500.0, "boiling water".into())
        );
        assert_eq!(
            amount("{2 tbsp of the coconut milk}"),
            (30.0, "of the coconut milk".into())
        );
        assert_eq!(
            amount("{1 tsp instant yeast}"),
            (5.0, "instant yeast".into())
        );
        for bad in [
            "{100 water}",
            "{0 ml water}",
            "{100 ml}",
            "{100 cups water}",
            "{-1 ml water}",
        ] {
            assert!(
                matches!(parse_step(bad), Err(StepError::BadAmount(_))),
                "{bad}"
            );
        }
    }
}
