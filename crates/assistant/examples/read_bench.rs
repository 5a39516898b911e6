//! How long the built-in reader takes over messages of every size up to
//! the longest the chat route accepts (2,000 characters), in English and
//! Spanish, with and without typing slips. Prints a table for
//! `docs/BENCHMARKS.md`:
//!
//! ```text
//! cargo run --release -p mealplan-assistant --example read_bench
//! ```
//!
//! A benchmark, not a test: the target (at most 50 ms for 2,000
//! characters) is checked by reading the figures, never by a timed test.

use std::time::{Duration, Instant};

use mealplan_assistant::{Context, Lang, understand};

/// Sentences people write, slips included, repeated to the size wanted.
const ENGLISH: &[&str] = &[
    "I'm allergic to eggs, and I don't like spicy food.",
    "wat's 4 dinner 2morrow? swap thursdays lunch for something vegetarian",
    "I lost 3 kg since last week and I train 4 times a week, desk job tho.",
    "no fish for me thx, and no mushrooms either. make me a new plan pls",
    "how much protein should I eat? I weigh 70 kg and I'm 1.75 tall",
    "I ate my dinner yesterday but not breakfast; rebalance friday please",
];
const SPANISH: &[&str] = &[
    "soy celiaca y tampoco tomo lactosa, y no me gustan las setas.",
    "peso 80 pero quiero llegar a 70, entreno 5 días a la semana.",
    "todavía no he desayunado; ¿qué ceno el jueves? cambia la comida del lunes",
    "ya no soy vegetariana. hazme un plan nuevo con más proteína porfa",
    "mi mamá es alérgica al marisco y mi hijo no come pescado",
    "kiero bajar un poco de pezo, mido 1,62 y trabajo sentada todo el dia",
];

/// `sentences` repeated until the message is `chars` characters long.
fn message(sentences: &[&str], chars: usize) -> String {
    let mut out = String::new();
    for s in sentences.iter().cycle() {
        for word in s.split(' ') {
            if out.chars().count() + word.chars().count() + 1 > chars {
                return out;
            }
            out.push_str(word);
            out.push(' ');
        }
    }
    out
}

/// A message of `chars` characters of made-up words, new at each `seed`,
/// so no word has been read before: the reader's memories of words
/// (stems, mended slips, foods) help nothing.
fn made_up(chars: usize, seed: u64) -> String {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let mut out = String::new();
    while out.len() < chars {
        let len = 3 + next() % 6;
        let word: String = (0..len)
            .map(|_| (b'a' + (next() % 26) as u8) as char)
            .collect();
        if out.len() + len + 1 > chars {
            break;
        }
        out.push_str(&word);
        out.push(' ');
    }
    out
}

/// The median and worst of `runs` readings of `text`.
fn time(text: &str, runs: usize) -> (Duration, Duration) {
    let ctx = Context {
        today: 3,
        earlier: Some(Lang::En),
        names: vec!["Ana".to_owned(), "Tom".to_owned()],
    };
    let mut took: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(understand(std::hint::black_box(text), &ctx));
            start.elapsed()
        })
        .collect();
    took.sort();
    (took[took.len() / 2], took[took.len() - 1])
}

fn main() {
    // The first reading builds the lists once per process.
    let start = Instant::now();
    let _ = understand("hello", &Context::default());
    println!("first reading (lists built): {:.1} ms", ms(start.elapsed()));
    println!();
    println!("| message | characters | median | worst of 20 |");
    println!("|---|---:|---:|---:|");
    for (name, sentences) in [("English", ENGLISH), ("Spanish", SPANISH)] {
        for chars in [60, 250, 1000, 2000] {
            let text = message(sentences, chars);
            let (median, worst) = time(&text, 20);
            println!(
                "| {name} | {} | {:.2} ms | {:.2} ms |",
                text.chars().count(),
                ms(median),
                ms(worst)
            );
        }
    }
    // Made-up words, new each run: the cold case.
    for chars in [250, 1000, 2000] {
        if std::env::var("BENCH_SKIP_COLD").is_ok() {
            break;
        }
        let texts: Vec<String> = (0..20).map(|seed| made_up(chars, seed)).collect();
        let ctx = Context::default();
        let mut took: Vec<Duration> = texts
            .iter()
            .map(|text| {
                let start = Instant::now();
                std::hint::black_box(understand(text, &ctx));
                start.elapsed()
            })
            .collect();
        took.sort();
        println!(
            "| made-up words, new each run | {} | {:.2} ms | {:.2} ms |",
            texts[0].chars().count(),
            ms(took[took.len() / 2]),
            ms(took[took.len() - 1])
        );
    }
    // One word of 2,000 letters, and the same unknown word 400 times.
    let long_word = "a".repeat(2000);
    let unknown = "zzqx ".repeat(400);
    for (name, text) in [
        ("one 2,000-letter word", &long_word),
        ("one unknown word 400 times", &unknown),
    ] {
        let (median, worst) = time(text, 20);
        println!(
            "| {name} | {} | {:.2} ms | {:.2} ms |",
            text.chars().count(),
            ms(median),
            ms(worst)
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
