//! Compiles the assistant's word lists (`data/*.tsv`) into Rust constants
//! (`$OUT_DIR/vocab.rs`, included by `src/vocab.rs`), so reading them
//! costs nothing at run time and a malformed list fails the build.
//!
//! A file: `#` comment lines; `== NAME: doc` opens a list; each other
//! non-empty line is one entry, its columns separated by tabs. A list of
//! one column becomes `&[&str]`, of n columns `&[(&str, …)]`.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("data");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("data/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    // The lists the reader's code names: only those are compiled into
    // it; the others (the lists only the tests hold to their rules, such
    // as `OPPOSITES`) only into the tests, so no list is dead code.
    let src = dir.with_file_name("src");
    println!("cargo::rerun-if-changed={}", src.display());
    let used = names_in(&src);
    let mut out = String::new();
    let mut index = String::new();
    for file in files {
        println!("cargo::rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file).expect("a list file is readable");
        let name = file.file_name().expect("a file name").to_string_lossy();
        for list in parse(&text, &name) {
            list.write(&mut out, &name, used.contains(&list.name));
            writeln!(
                index,
                "    ({:?}, {:?}, key_column_{}()),",
                list.name, name, list.name
            )
            .unwrap();
        }
    }
    // Every list by name, with the words of its first column (its keys),
    // for the tests that hold the lists to their rules.
    out.push_str("/// Every list: its name, its file and its first column.\n");
    out.push_str("#[cfg(test)]\npub const LISTS: &[(&str, &str, &[&str])] = &[\n");
    out.push_str(&index);
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("vocab.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}

/// The identifiers of the crate's sources, test files (`*_tests.rs`)
/// aside.
fn names_in(dir: &Path) -> std::collections::HashSet<String> {
    let mut names = std::collections::HashSet::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
            if path.extension().is_none_or(|e| e != "rs")
                || file.is_some_and(|f| f.ends_with("_tests.rs"))
            {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file is readable");
            names.extend(
                text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    names
}

/// One `== NAME` section.
struct List {
    name: String,
    doc: String,
    rows: Vec<Vec<String>>,
}

fn parse(text: &str, file: &str) -> Vec<List> {
    let mut lists: Vec<List> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = || format!("{file}:{}", n + 1);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(head) = line.strip_prefix("== ") {
            let (name, doc) = head.split_once(':').unwrap_or((head, ""));
            let name = name.trim();
            assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
                "{}: a list name is UPPER_CASE: {name:?}",
                at()
            );
            lists.push(List {
                name: name.to_owned(),
                doc: doc.trim().to_owned(),
                rows: Vec::new(),
            });
            continue;
        }
        let list = lists
            .last_mut()
            .unwrap_or_else(|| panic!("{}: an entry before any `== NAME`", at()));
        let row: Vec<String> = line.split('\t').map(str::to_owned).collect();
        assert!(
            row.iter().all(|c| !c.is_empty() && c.trim() == c),
            "{}: an empty column or stray spaces: {line:?}",
            at()
        );
        if let Some(first) = list.rows.first() {
            assert_eq!(
                first.len(),
                row.len(),
                "{}: columns differ from the list's first row",
                at()
            );
        }
        list.rows.push(row);
    }
    lists
}

impl List {
    /// Writes the list as a constant; `used` says the reader's code names
    /// it (else it is compiled for the tests only).
    fn write(&self, out: &mut String, file: &str, used: bool) {
        let columns = self.rows.first().map_or(1, Vec::len);
        let ty = if columns == 1 {
            "&str".to_owned()
        } else {
            format!("({})", vec!["&str"; columns].join(", "))
        };
        let doc = if self.doc.is_empty() {
            &self.name
        } else {
            &self.doc
        };
        writeln!(out, "/// {doc}").unwrap();
        writeln!(out, "///\n/// From `data/{file}`.").unwrap();
        if !used {
            writeln!(out, "#[cfg(test)]").unwrap();
        }
        writeln!(out, "pub const {}: &[{ty}] = &[", self.name).unwrap();
        for row in &self.rows {
            if columns == 1 {
                writeln!(out, "    {:?},", row[0]).unwrap();
            } else {
                let cells: Vec<String> = row.iter().map(|c| format!("{c:?}")).collect();
                writeln!(out, "    ({}),", cells.join(", ")).unwrap();
            }
        }
        writeln!(out, "];").unwrap();
        // The first column as a list of its own, for the tests.
        writeln!(out, "#[cfg(test)]").unwrap();
        writeln!(out, "#[allow(non_snake_case)]").unwrap();
        if columns == 1 {
            writeln!(
                out,
                "const fn key_column_{}() -> &'static [&'static str] {{ {} }}",
                self.name, self.name
            )
            .unwrap();
        } else {
            let firsts: Vec<String> = self.rows.iter().map(|r| format!("{:?}", r[0])).collect();
            writeln!(
                out,
                "const fn key_column_{}() -> &'static [&'static str] {{ &[{}] }}",
                self.name,
                firsts.join(", ")
            )
            .unwrap();
        }
    }
}
