//! HTTP integration tests: each test starts the real service on port 0
//! with a fresh database and talks to it over HTTP, once on SQLite and
//! once on PostgreSQL.

mod binary;
mod helpers;
mod private_postgres;

mod accounts;
mod alternatives;
mod balanced;
mod bounded;
mod catalogue;
mod chat;
mod chat_corpus;
mod chat_heldout;
mod chat_household;
mod chat_invariants;
mod chat_leftovers;
mod chat_own;
mod current;
mod eaters;
mod errors;
mod failover;
mod faults;
mod flat;
mod generate;
mod hardening;
mod household;
mod input;
mod leftovers;
mod lifecycle;
mod meal_weights;
mod menus;
mod micronutrients;
mod notes;
mod operations;
mod own_recipes;
mod pantry;
mod parity;
mod plans;
mod process;
mod profile;
mod rebalance;
mod recipes;
mod refusals;
mod resets;
mod restrictions;
mod roundtrips;
mod shared_limits;
mod shopping;
mod smtp;
mod sql_values;
mod writes;
