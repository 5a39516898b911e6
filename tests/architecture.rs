//! Guards the layering of `docs/ARCHITECTURE.md`: the domain crate stays
//! free of storage, HTTP, async runtimes and JSON (even transitively),
//! only the adapters crate depends on Diesel, bcrypt, jsonwebtoken or
//! lettre, no two modules of any crate import each other, directly or
//! around a circle, and neither do two folders (top-level modules) of any
//! crate.

#[path = "architecture/module_graph.rs"]
mod module_graph;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// Packages `package` depends on (normal dependencies only, this platform).
fn dependencies(package: &str, depth: Option<u32>) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut cmd = Command::new(env!("CARGO"));
    cmd.current_dir(root)
        .args([
            "tree", "--locked", "-e", "normal", "--prefix", "none", "-f", "{p}", "-p",
        ])
        .arg(package);
    if let Some(depth) = depth {
        cmd.args(["--depth", &depth.to_string()]);
    }
    let out = cmd.output().expect("cargo tree runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != package)
        .map(str::to_owned)
        .collect()
}

fn assert_free_of(package: &str, depth: Option<u32>, forbidden: &[&str]) {
    let deps = dependencies(package, depth);
    assert!(
        !deps.is_empty() || depth.is_some(),
        "cargo tree listed nothing for {package}"
    );
    let found: Vec<&String> = deps
        .iter()
        .filter(|d| {
            forbidden
                .iter()
                .any(|f| d == f || d.starts_with(&format!("{f}-")))
        })
        .collect();
    assert!(found.is_empty(), "{package} must not depend on {found:?}");
}

#[test]
fn domain_has_no_storage_http_runtime_or_json() {
    assert_free_of(
        "mealplan-domain",
        None,
        &[
            "diesel",
            "actix",
            "actix-web",
            "tokio",
            "serde_json",
            "r2d2",
            "bcrypt",
            "jsonwebtoken",
        ],
    );
}

#[test]
fn only_adapters_know_diesel_bcrypt_and_jwt() {
    for package in [
        "mealplan-ports",
        "mealplan-app",
        "mealplan-assistant",
        "mealplan-http",
    ] {
        assert_free_of(
            package,
            None,
            &[
                "lettre",
                "diesel",
                "diesel_migrations",
                "r2d2",
                "bcrypt",
                "jsonwebtoken",
                "libsqlite3-sys",
                "pq-sys",
            ],
        );
    }
}

#[test]
fn only_http_knows_actix_and_json_directly() {
    for package in [
        "mealplan-domain",
        "mealplan-ports",
        "mealplan-app",
        "mealplan-assistant",
        "mealplan-adapters",
        "mealplan",
    ] {
        assert_free_of(
            package,
            Some(1),
            &["actix-web", "actix", "serde_json", "utoipa"],
        );
    }
}

/// The assistant sits above the use cases: it depends on `mealplan-app`
/// (and so reaches storage only through it), never the reverse, and knows
/// neither the HTTP edge nor the adapters.
#[test]
fn the_assistant_sits_above_the_use_cases() {
    let assistant = dependencies("mealplan-assistant", Some(1));
    assert!(
        assistant.contains("mealplan-app"),
        "mealplan-assistant must use mealplan-app: {assistant:?}"
    );
    assert_free_of(
        "mealplan-assistant",
        None,
        &["mealplan-http", "mealplan-adapters"],
    );
    for package in [
        "mealplan-domain",
        "mealplan-ports",
        "mealplan-app",
        "mealplan-adapters",
    ] {
        assert_free_of(package, None, &["mealplan-assistant"]);
    }
}

#[test]
fn ingredient_lines_are_read_by_plain_rust() {
    assert_free_of(
        "mealplan-ingredients",
        None,
        &[
            "mealplan-http",
            "mealplan-adapters",
            "actix-web",
            "diesel",
            "tokio",
            "serde_json",
        ],
    );
}

/// Every crate's source directory, with the fewest modules it must have.
const CRATES: [(&str, usize); 11] = [
    ("crates/domain", 4),
    ("crates/http", 4),
    ("crates/app", 10),
    ("crates/assistant", 20),
    ("crates/adapters", 8),
    ("crates/ports", 3),
    ("crates/catalogue", 3),
    ("crates/ingredients", 8),
    ("crates/mealplan", 2),
    ("crates/bench", 1),
    ("crates/throughput", 1),
];

/// The module cycles of a crate, each as `a -> b -> a`.
fn cycles_of(crate_dir: &str) -> Vec<String> {
    cycles_with_at_least(crate_dir, 4)
}

/// [`cycles_of`], for a crate that must have at least `min` modules (so a
/// path that reads nothing cannot pass).
fn cycles_with_at_least(crate_dir: &str, min: usize) -> Vec<String> {
    graph_of(crate_dir, min).cycles()
}

/// The module graph of a crate that must have at least `min` modules.
fn graph_of(crate_dir: &str, min: usize) -> module_graph::ModuleGraph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(crate_dir)
        .join("src");
    let graph = module_graph::ModuleGraph::read(&src);
    assert!(
        graph.len() >= min,
        "{crate_dir}: found only {} modules",
        graph.len()
    );
    graph
}

#[test]
fn domain_modules_import_no_circle() {
    let cycles = cycles_of("crates/domain");
    assert!(cycles.is_empty(), "module cycles: {cycles:#?}");
}

#[test]
fn http_modules_import_no_circle() {
    let cycles = cycles_of("crates/http");
    assert!(cycles.is_empty(), "module cycles: {cycles:#?}");
}

#[test]
fn modules_of_every_other_crate_import_no_circle() {
    let mut found = Vec::new();
    // The domain and HTTP crates, first, have tests of their own.
    for (dir, min) in &CRATES[2..] {
        let cycles = cycles_with_at_least(dir, *min);
        if !cycles.is_empty() {
            found.push(format!("{dir}: {cycles:#?}"));
        }
    }
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

/// The circles among a crate's folders: its top-level modules, each with
/// everything below it (`food/` and `profile/` of the domain).
fn folder_cycles_of(crate_dir: &str, min: usize) -> Vec<String> {
    graph_of(crate_dir, min).folders().cycles()
}

#[test]
fn folders_of_every_crate_import_no_circle() {
    let mut found = Vec::new();
    for (dir, min) in CRATES {
        let cycles = folder_cycles_of(dir, min);
        if !cycles.is_empty() {
            found.push(format!("{dir}: {cycles:#?}"));
        }
    }
    assert!(found.is_empty(), "folder cycles:\n{}", found.join("\n"));
}

#[test]
fn the_folder_check_finds_circles() {
    use module_graph::ModuleGraph;
    // No two modules use each other, but the folders `a/` and `b/` do,
    // through different files; `c.rs`, used by both, is no circle.
    let files = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\npub use b::q::Thing;\n"),
        ("a/mod.rs", "mod p;\nmod s;\n"),
        ("a/p.rs", "use crate::b::q::X;\nuse crate::c::C;\n"),
        ("a/s.rs", "pub struct S;\n"),
        ("b/mod.rs", "pub mod q;\nmod r;\n"),
        ("b/q.rs", "pub struct X;\npub struct Thing;\n"),
        ("b/r.rs", "use super::super::a::s::S;\nuse crate::c::C;\n"),
        ("c.rs", "pub struct C;\n"),
    ];
    let graph = ModuleGraph::from_files(files.iter().map(|(p, t)| (p.to_string(), t.to_string())));
    assert!(graph.cycles().is_empty(), "{:?}", graph.cycles());
    assert_eq!(graph.folders().cycles(), ["a -> b -> a"]);
    // A use through the root's re-export counts for the folder it names.
    let files = [
        ("lib.rs", "mod a;\nmod b;\npub use b::q::Thing;\n"),
        ("a/mod.rs", "mod p;\nmod s;\n"),
        ("a/p.rs", "use crate::Thing;\n"),
        ("a/s.rs", "pub struct S;\n"),
        ("b/mod.rs", "pub mod q;\nmod r;\n"),
        ("b/q.rs", "pub struct Thing;\n"),
        ("b/r.rs", "fn f() -> crate::a::s::S { todo!() }\n"),
    ];
    let graph = ModuleGraph::from_files(files.iter().map(|(p, t)| (p.to_string(), t.to_string())));
    assert_eq!(graph.folders().cycles(), ["a -> b -> a"]);
}

#[test]
fn the_cycle_check_finds_circles() {
    use module_graph::ModuleGraph;
    let files = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::Thing;\n"),
        (
            "a.rs",
            "use crate::b::X;\n// use crate::c::Y; (a comment)\n",
        ),
        (
            "b.rs",
            "use crate::{Thing, a::{self, Z}};\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        (
            "c.rs",
            "pub struct Thing;\nfn f() { let _ = \"crate::a::X\"; }\n",
        ),
        ("d/mod.rs", "mod e;\nuse e::Q;\n"),
        ("d/e.rs", "use super::R;\nuse super::super::c::Thing;\n"),
    ];
    let graph = ModuleGraph::from_files(files.iter().map(|(p, t)| (p.to_string(), t.to_string())));
    assert_eq!(graph.cycles(), ["a -> b -> a"]);
    let files = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::Thing;\n"),
        ("a.rs", "fn f() -> crate::b::X { todo!() }\n"),
        ("b.rs", "use crate::Thing;\n"),
        ("c.rs", "use super::a;\n"),
    ];
    let graph = ModuleGraph::from_files(files.iter().map(|(p, t)| (p.to_string(), t.to_string())));
    assert_eq!(graph.cycles(), ["a -> b -> c -> a"]);
}
