//! The steps files (`data/steps/*.txt`): for each recipe a header line
//! `recipe_id | prep minutes | cook minutes | name`, then its steps, one a
//! line, each starting with `- `.

use crate::CatalogueError;

/// How to cook one recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct Method {
    /// The recipe's catalogue number.
    pub recipe_id: i64,
    /// The recipe's name (checked against the recipe file).
    pub name: String,
    /// Hands-on minutes.
    pub prep_minutes: u32,
    /// Minutes on the stove or in the oven.
    pub cook_minutes: u32,
    /// Step templates, in order.
    pub steps: Vec<String>,
}

/// Parses one steps file.
pub fn parse(file: &'static str, text: &str) -> Result<Vec<Method>, CatalogueError> {
    let mut methods: Vec<Method> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |message: String| CatalogueError::Syntax {
            file,
            line: index + 1,
            message,
        };
        if let Some(step) = line.strip_prefix("- ") {
            let method = methods
                .last_mut()
                .ok_or_else(|| fail("a step before any recipe header".into()))?;
            method.steps.push(step.trim().to_owned());
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [id, prep, cook, name] = fields[..] else {
            return Err(fail(format!(
                "expected `- step` or `id | prep | cook | name`, found {line:?}"
            )));
        };
        let minutes = |text: &str| {
            text.parse::<u32>()
                .map_err(|_| fail(format!("bad minutes {text:?}")))
        };
        methods.push(Method {
            recipe_id: id
                .parse()
                .map_err(|_| fail(format!("bad recipe id {id:?}")))?,
            name: name.to_owned(),
            prep_minutes: minutes(prep)?,
            cook_minutes: minutes(cook)?,
            steps: Vec::new(),
        });
    }
    Ok(methods)
}
