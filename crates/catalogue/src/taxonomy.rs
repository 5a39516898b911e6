//! The ingredient taxonomy (`data/taxonomy.tsv`): for each ingredient and
//! kind of food, the kinds it is or is made of, other names, and the
//! allergens it contains or may contain. Only data: the domain's
//! [`Taxonomy`] holds it and its rules read it.

use mealplan_domain::{Allergen, Taxonomy, TaxonomyEntry};

use crate::CatalogueError;

const FILE: &str = "taxonomy.tsv";

/// The taxonomy shipped in `data/taxonomy.tsv`.
pub fn shipped() -> Result<Taxonomy, CatalogueError> {
    parse(include_str!("../data/taxonomy.tsv"))
}

/// Parses a taxonomy: `#` comments, a header line, then rows of five
/// tab-separated columns (name, kinds, other names, contains, may
/// contain), lists comma-separated.
pub fn parse(text: &str) -> Result<Taxonomy, CatalogueError> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let fail = |message: String| CatalogueError::Syntax {
            file: FILE,
            line: index + 1,
            message,
        };
        if line.starts_with('#') || line.starts_with("name\t") || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() != 5 {
            return Err(fail(format!("expected 5 columns, found {}", cols.len())));
        }
        let list = |i: usize| -> Vec<String> {
            cols[i]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let allergens = |i: usize| {
            list(i)
                .iter()
                .map(|a| Allergen::parse(a).ok_or_else(|| fail(format!("unknown allergen {a:?}"))))
                .collect::<Result<Vec<_>, _>>()
        };
        entries.push(TaxonomyEntry {
            name: cols[0].trim().to_owned(),
            kinds: list(1),
            aliases: list(2),
            contains: allergens(3)?,
            may_contain: allergens(4)?,
        });
    }
    Taxonomy::from_entries(entries).map_err(CatalogueError::Taxonomy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_parse_and_errors_name_their_line() {
        let t = parse(
            "# c\nname\tis\talso called\tcontains\tmay contain\nmeat\t\t\t\t\nham\tmeat\tgammon\t\tsulphites\n",
        )
        .unwrap();
        assert!(t.is_a("ham", "meat"));
        assert_eq!(t.resolve("gammon"), Some("ham"));
        assert_eq!(t.may_contain_of("ham"), Some(&[Allergen::Sulphites][..]));
        assert_eq!(
            parse("a\tb\n").unwrap_err().to_string(),
            "taxonomy.tsv:1: expected 5 columns, found 2"
        );
        assert_eq!(
            parse("\n\nx\t\t\tnuts\t\n").unwrap_err().to_string(),
            "taxonomy.tsv:3: unknown allergen \"nuts\""
        );
        assert!(matches!(
            parse("ham\tpork\t\t\t\n").unwrap_err(),
            CatalogueError::Taxonomy(_)
        ));
    }
}
