//! Guards the layering of `docs/ARCHITECTURE.md`: the domain crate stays
//! free of storage, HTTP, async runtimes and JSON (even transitively), and
//! only the adapters crate depends on Diesel, bcrypt or jsonwebtoken.

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
    for package in ["mealplan-ports", "mealplan-app", "mealplan-http"] {
        assert_free_of(
            package,
            None,
            &[
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
