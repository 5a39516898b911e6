# Shortcuts; each target is one plain cargo command (make is optional).
.PHONY: run test lint fmt migrate

run:            ## run the service on embedded SQLite (creates and seeds mealplan.db)
	cargo run --release

test:           ## run every test (PostgreSQL variants need 127.0.0.1:5432)
	cargo test --workspace

lint:           ## formatting and clippy, as CI runs them
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

fmt:
	cargo fmt --all

migrate:        ## apply migrations and seed, then exit
	cargo run --release -- migrate
