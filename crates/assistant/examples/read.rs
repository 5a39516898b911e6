//! Prints what the built-in reader understands of each line on standard
//! input (language, requests, signals), for trying phrasings by hand:
//!
//! ```text
//! echo "I'm not lactose intolerant" | cargo run -p mealplan-assistant --example read
//! ```
//!
//! Today is Wednesday (3) unless `TODAY` says another day (1-7); the
//! household is Tom and Ana unless `NAMES` lists others (`NAMES=Luis,Eva`).

use std::io::BufRead;

use mealplan_assistant::{Context, understand};

fn main() {
    let today = std::env::var("TODAY")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let ctx = Context {
        today,
        earlier: None,
        names: std::env::var("NAMES").map_or_else(
            |_| vec!["Tom".to_owned(), "Ana".to_owned()],
            |n| {
                n.split(',')
                    .filter(|n| !n.is_empty())
                    .map(str::to_owned)
                    .collect()
            },
        ),
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let u = understand(&line, &ctx);
        println!(
            "{line}\n  {:?} {:?} {:?} unread={}",
            u.lang, u.requests, u.signals, u.unread
        );
    }
}
