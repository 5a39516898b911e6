//! `MEALPLAN_TEST_SKIP_POSTGRES=1` compiles the PostgreSQL variants of the
//! storage tests as ignored (`cfg(mealplan_skip_postgres)`), the same rule
//! as the API tests' (`crates/mealplan/build.rs`): a machine without
//! PostgreSQL reports them as ignored, never as passed. Without it, they
//! run and fail when PostgreSQL is unreachable.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(mealplan_skip_postgres)");
    println!("cargo::rerun-if-changed=build.rs");
    // `embed_migrations!` reads the folders at compile time: a migration
    // added must rebuild the crate that embeds them.
    println!("cargo::rerun-if-changed=../../migrations");
    println!("cargo::rerun-if-env-changed=MEALPLAN_TEST_SKIP_POSTGRES");
    if std::env::var("MEALPLAN_TEST_SKIP_POSTGRES").is_ok_and(|v| !v.is_empty() && v != "0") {
        println!("cargo::rustc-cfg=mealplan_skip_postgres");
    }
}
