//! Rate limits on login and sign-up (contract §6), checked before any
//! password hashing so a flood costs the server next to nothing.
//!
//! The counters live in a [`RateLimitStore`] (the database, in the
//! service): every instance that shares the store enforces one limit. Per
//! client address a token bucket ([`RateLimitStore::take_token`]); per
//! e-mail the login attempts of a 15-minute window, each counted before
//! its bcrypt work starts and forgotten after a success
//! ([`RateLimitStore::count_attempt`]). Everything the handlers need is
//! [`RateLimits::check_ip`], [`RateLimits::begin_login`] and
//! [`RateLimits::clear_failures`].
//!
//! # The local fast path
//!
//! A refused client address stays refused, on every instance, until the
//! `Retry-After` the store gave: its bucket only drains further while it is
//! refused, and nothing refills it early. Each process therefore remembers
//! refusals of addresses until that time (less the second the store's
//! rounding up may add) and answers repeats itself, with no database round
//! trip, so a flood from one address costs the database
//! one statement per refill period. (A refused e-mail is not remembered
//! this way: a login that was allowed before the lock may still succeed on
//! another instance and clear it.) Forgetting a refusal early is always
//! safe: the store refuses again.
//!
//! # Bounded memory and cost
//!
//! The refusals are kept in a `Table`: 64 shards, each a hash map from a
//! keyed 64-bit hash of the key to a slot of a vector, with a hard cap on
//! slots (`max_keys` over all shards). A check locks one shard and does a
//! constant amount of work: a lookup, a look at two random slots that are
//! dropped if their refusal has passed, and, only when the shard is full,
//! the eviction of the least valuable of eight random slots (the refusal
//! that ends soonest). Nothing ever scans a table. Keys are hashed to 64
//! bits with a key chosen at random at start-up.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use actix_web::HttpRequest;
use mealplan_ports::{Admission, RateLimitStore, StoreError};

use crate::error::ApiError;

/// Refused addresses a process remembers by default.
pub const DEFAULT_MAX_KEYS: usize = 100_000;

/// Shards of a table: checks of different keys rarely wait on each other.
const SHARDS: usize = 64;
/// Slots looked at to choose the one to evict from a full shard.
const EVICTION_SAMPLES: usize = 8;
/// Random slots looked at on every check, dropped if they hold nothing.
const TIDY_SAMPLES: usize = 2;

/// Settings of the limits.
#[derive(Debug, Clone, Default)]
pub struct RateLimitOptions {
    /// Login + register requests per client IP per minute; 0 = off.
    pub auth_per_minute: u32,
    /// Failed logins per e-mail per 15 minutes; 0 = off.
    pub login_failures: u32,
    /// Proxies whose `X-Forwarded-For` names the real client.
    pub trusted_proxies: Vec<IpAddr>,
    /// Most refused client addresses this process remembers (its local
    /// fast path); 0 means [`DEFAULT_MAX_KEYS`].
    pub max_keys: usize,
}

/// Milliseconds since a table was made.
type Millis = u64;

/// A record of a [`Table`].
trait Record {
    /// How much forgetting this record would give away, and when it was
    /// last touched: the least of these is evicted first. A first value of
    /// 0 means it holds nothing and may be dropped at any time.
    fn worth(&self, now: Millis) -> (u64, Millis);
}

/// Records under a hard cap, in shards; see the module documentation.
struct Table<V> {
    shards: Box<[Mutex<Shard<V>>]>,
    keys: RandomState,
    per_shard: usize,
    epoch: Instant,
}

/// The map's own hash of a key that is already a keyed hash: the value.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64`s are hashed here; fold anything else in anyway.
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

struct Shard<V> {
    index: HashMap<u64, usize, BuildHasherDefault<Prehashed>>,
    slots: Vec<(u64, V)>,
    rng: u64,
}

impl<V> Shard<V> {
    /// xorshift64: cheap, and good enough to pick slots.
    fn random(&mut self, below: usize) -> usize {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        (x % below as u64) as usize
    }

    fn remove_slot(&mut self, slot: usize) {
        let (key, _) = self.slots.swap_remove(slot);
        self.index.remove(&key);
        if let Some((moved, _)) = self.slots.get(slot) {
            self.index.insert(*moved, slot);
        }
    }
}

impl<V: Record> Shard<V> {
    /// Drops a few random slots that no longer hold anything, so a table
    /// shrinks again after a flood without ever being scanned.
    fn tidy(&mut self, now: Millis) {
        for _ in 0..TIDY_SAMPLES {
            if self.slots.is_empty() {
                return;
            }
            let slot = self.random(self.slots.len());
            if self.slots[slot].1.worth(now).0 == 0 {
                self.remove_slot(slot);
            }
        }
    }

    /// Evicts the least valuable of a few random slots.
    fn evict(&mut self, now: Millis) {
        let mut victim = self.random(self.slots.len());
        let mut least = self.slots[victim].1.worth(now);
        for _ in 1..EVICTION_SAMPLES {
            let slot = self.random(self.slots.len());
            let worth = self.slots[slot].1.worth(now);
            if worth < least {
                (victim, least) = (slot, worth);
            }
        }
        self.remove_slot(victim);
    }
}

impl<V: Record> Table<V> {
    fn new(max_keys: usize) -> Self {
        let max_keys = if max_keys == 0 {
            DEFAULT_MAX_KEYS
        } else {
            max_keys
        };
        let keys = RandomState::new();
        let shards = (0..SHARDS)
            .map(|i| {
                Mutex::new(Shard {
                    index: HashMap::default(),
                    slots: Vec::new(),
                    // Any odd non-zero seed will do; vary it per shard.
                    rng: keys.hash_one(i) | 1,
                })
            })
            .collect();
        Self {
            shards,
            keys,
            per_shard: max_keys.div_ceil(SHARDS).max(1),
            epoch: Instant::now(),
        }
    }

    fn millis(&self, now: Instant) -> Millis {
        now.saturating_duration_since(self.epoch).as_millis() as Millis
    }

    fn shard(&self, hash: u64) -> MutexGuard<'_, Shard<V>> {
        // The high bits choose the shard; the map hashes the whole value.
        let shard = (hash >> 58) as usize % SHARDS;
        self.shards[shard]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `f` on `key`'s record, made by `make` if there is none.
    fn with<R>(
        &self,
        key: impl Hash,
        now: Instant,
        make: impl FnOnce() -> V,
        f: impl FnOnce(&mut V, Millis) -> R,
    ) -> R {
        let now = self.millis(now);
        let hash = self.keys.hash_one(key);
        let mut shard = self.shard(hash);
        shard.tidy(now);
        let slot = match shard.index.get(&hash) {
            Some(&slot) => slot,
            None => {
                if shard.slots.len() >= self.per_shard {
                    shard.evict(now);
                }
                let slot = shard.slots.len();
                shard.slots.push((hash, make()));
                shard.index.insert(hash, slot);
                slot
            }
        };
        f(&mut shard.slots[slot].1, now)
    }

    /// Runs `f` on `key`'s record if there is one.
    fn peek<R>(&self, key: impl Hash, now: Instant, f: impl FnOnce(&V, Millis) -> R) -> Option<R> {
        let now = self.millis(now);
        let hash = self.keys.hash_one(key);
        let mut shard = self.shard(hash);
        shard.tidy(now);
        let slot = *shard.index.get(&hash)?;
        Some(f(&shard.slots[slot].1, now))
    }

    /// Records held now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|p| p.into_inner()).slots.len())
            .sum()
    }

    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.per_shard * SHARDS
    }
}

/// The key of a client address: IPv4 addresses (also when mapped into
/// IPv6) one by one, IPv6 by /64, the block one host or household gets,
/// so one machine cannot take a fresh limit from each of its addresses.
fn client_key(ip: IpAddr) -> u128 {
    match ip.to_canonical() {
        IpAddr::V4(v4) => u128::from(u32::from(v4)),
        IpAddr::V6(v6) => (u128::from(v6) >> 64 << 64) | (1 << 32),
    }
}

/// A refusal of a client address, until a time.
struct Refusal {
    until: Millis,
}

impl Record for Refusal {
    fn worth(&self, now: Millis) -> (u64, Millis) {
        // Time left: 0 once it has passed. The one ending soonest goes first.
        (self.until.saturating_sub(now), self.until)
    }
}

/// Refusals of client addresses this process remembers until they end.
struct Refusals {
    table: Table<Refusal>,
}

impl Refusals {
    fn new(max_keys: usize) -> Self {
        Self {
            table: Table::new(max_keys),
        }
    }

    /// Seconds until `key` may try again, while a refusal stands.
    fn standing(&self, key: impl Hash, now: Instant) -> Option<u64> {
        self.table
            .peek(key, now, |refusal, now| {
                let left = refusal.until.saturating_sub(now);
                (left > 0).then(|| left.div_ceil(1000).max(1))
            })
            .flatten()
    }

    /// Remembers that `key` is refused for `seconds`.
    fn remember(&self, key: impl Hash, now: Instant, seconds: u64) {
        if seconds == 0 {
            return;
        }
        let until = self.table.millis(now) + seconds.saturating_mul(1000);
        self.table.with(
            key,
            now,
            || Refusal { until },
            |refusal, _| refusal.until = refusal.until.max(until),
        );
    }
}

/// A store failure during a limit check: 503 when the database cannot be
/// reached, else a logged 500, as other failures of these routes.
fn store_failure(error: StoreError) -> ApiError {
    match error {
        StoreError::Unavailable(cause) => {
            tracing::warn!(error = %cause, "rate-limit store unavailable");
            ApiError::Unavailable
        }
        other => ApiError::auth_failure(other),
    }
}

/// The limits, over a store shared by every instance.
pub struct RateLimits {
    store: Arc<dyn RateLimitStore>,
    auth_per_minute: u32,
    login_failures: u32,
    refused: Refusals,
    trusted_proxies: Vec<IpAddr>,
}

/// Window of the per-e-mail limit.
const LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Period of the per-address limit.
const IP_PERIOD: Duration = Duration::from_secs(60);

impl RateLimits {
    /// Limits from `options` over `store`; a limit of 0 is off.
    pub fn new(options: &RateLimitOptions, store: Arc<dyn RateLimitStore>) -> Self {
        Self {
            store,
            auth_per_minute: options.auth_per_minute,
            login_failures: options.login_failures,
            refused: Refusals::new(if options.auth_per_minute > 0 {
                options.max_keys
            } else {
                // Off: a table of one slot per shard that stays empty.
                SHARDS
            }),
            trusted_proxies: options.trusted_proxies.clone(),
        }
    }

    /// The client's address: the socket peer, or, when the peer is a
    /// trusted proxy, the nearest untrusted address of `X-Forwarded-For`.
    pub fn client_ip(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip();
        if !self.trusted_proxies.contains(&peer) {
            return Some(peer);
        }
        let forwarded = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        forwarded
            .split(',')
            .rev()
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .find(|ip| !self.trusted_proxies.contains(ip))
            .or(Some(peer))
    }

    /// Counts one login or sign-up attempt of the client; 429 when over.
    pub async fn check_ip(&self, req: &HttpRequest) -> Result<(), ApiError> {
        if self.auth_per_minute == 0 {
            return Ok(());
        }
        let Some(ip) = self.client_ip(req) else {
            return Ok(());
        };
        let key = client_key(ip);
        if let Some(seconds) = self.refused.standing(key, Instant::now()) {
            // Remembered one second short (see below): add it back.
            return Err(ApiError::TooManyRequests(seconds + 1));
        }
        let admission = self
            .store
            .take_token(
                format!("{key:032x}"),
                self.auth_per_minute,
                IP_PERIOD,
                chrono::Utc::now(),
            )
            .await
            .map_err(store_failure)?;
        match admission {
            Admission::Allowed => Ok(()),
            Admission::Refused { retry_after } => {
                // The store rounds up to whole seconds; one second less is
                // never longer than the store's own refusal.
                self.refused
                    .remember(key, Instant::now(), retry_after.saturating_sub(1));
                Err(ApiError::TooManyRequests(retry_after))
            }
        }
    }

    /// Starts a login for `email`: 429 while it has too many recent failed
    /// logins, else the attempt counts as one until it succeeds.
    pub async fn begin_login(&self, email: &str) -> Result<(), ApiError> {
        if self.login_failures == 0 {
            return Ok(());
        }
        let admission = self
            .store
            .count_attempt(
                email.to_owned(),
                self.login_failures,
                LOGIN_WINDOW,
                chrono::Utc::now(),
            )
            .await
            .map_err(store_failure)?;
        match admission {
            Admission::Allowed => Ok(()),
            Admission::Refused { retry_after } => Err(ApiError::TooManyRequests(retry_after)),
        }
    }

    /// Counts one password reset request for `email` (known or not, so a
    /// refusal tells nothing): at most as many as failed logins are allowed,
    /// in a window as long; 429 when over. Kept apart from the login count,
    /// so asking for links never locks an account's logins.
    pub async fn begin_reset(&self, email: &str) -> Result<(), ApiError> {
        if self.login_failures == 0 {
            return Ok(());
        }
        let admission = self
            .store
            .count_attempt(
                format!("reset:{email}"),
                self.login_failures,
                LOGIN_WINDOW,
                chrono::Utc::now(),
            )
            .await
            .map_err(store_failure)?;
        match admission {
            Admission::Allowed => Ok(()),
            Admission::Refused { retry_after } => Err(ApiError::TooManyRequests(retry_after)),
        }
    }

    /// Forgets `email`'s failures after a successful login. A failure here
    /// is logged and leaves the count in place: the login itself succeeded.
    pub async fn clear_failures(&self, email: &str) {
        if self.login_failures == 0 {
            return;
        }
        if let Err(e) = self.store.clear_attempts(email.to_owned()).await {
            tracing::warn!(error = %e, "could not clear login failures");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_ports::MockRateLimitStore;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_block() {
        let ip = |s: &str| client_key(s.parse().unwrap());
        assert_eq!(ip("2001:db8:1:2::1"), ip("2001:db8:1:2:ffff::9"));
        assert_ne!(ip("2001:db8:1:2::1"), ip("2001:db8:1:3::1"));
        assert_eq!(ip("::ffff:192.0.2.7"), ip("192.0.2.7"));
        assert_ne!(ip("192.0.2.7"), ip("192.0.2.8"));
        // No IPv4 address shares a key with an IPv6 block.
        assert_ne!(ip("0.0.0.0"), ip("::"));
    }

    #[test]
    fn a_refusal_stands_until_its_time() {
        let r = Refusals::new(0);
        let t0 = Instant::now();
        assert_eq!(r.standing(1u128, t0), None);
        r.remember(1u128, t0, 20);
        assert_eq!(r.standing(1u128, t0), Some(20));
        assert_eq!(r.standing(2u128, t0), None, "keys are independent");
        assert_eq!(r.standing(1u128, t0 + 5 * SECOND), Some(15));
        assert_eq!(r.standing(1u128, t0 + 20 * SECOND), None);
    }

    #[test]
    fn a_table_never_holds_more_than_its_cap() {
        let r = Refusals::new(1000);
        let t0 = Instant::now();
        for key in 0..20_000u32 {
            r.remember(key, t0, 60);
            assert!(r.table.len() <= r.table.capacity());
        }
        assert!(r.table.capacity() <= 1000 + SHARDS);
        assert!(r.table.len() > 900, "{}", r.table.len());
    }

    #[test]
    fn records_that_hold_nothing_are_dropped_as_checks_go_by() {
        let r = Refusals::new(0);
        let t0 = Instant::now();
        for key in 0..5_000u32 {
            r.remember(key, t0, 10);
        }
        assert_eq!(r.table.len(), 5_000);
        // Later, every refusal has ended: ordinary checks tidy the table
        // without any sweep.
        let later = t0 + 11 * SECOND;
        for key in 10_000..30_000u32 {
            assert_eq!(r.standing(key, later), None);
        }
        assert!(r.table.len() < 500, "{}", r.table.len());
    }

    #[test]
    fn a_flood_of_short_refusals_does_not_erase_a_long_one() {
        let r = Refusals::new(2_000);
        let t0 = Instant::now();
        let long = client_key("192.0.2.1".parse().unwrap());
        r.remember(long, t0, 60);
        for key in 0..200_000u128 {
            r.remember(key << 64, t0, 1);
        }
        assert!(r.table.len() <= r.table.capacity());
        assert_eq!(r.standing(long, t0), Some(60));
    }

    /// One million distinct keys: the table stays at its cap and a check
    /// costs the same at the end as at the start.
    #[test]
    fn a_million_keys_keep_memory_and_time_bounded() {
        const KEYS: u32 = 1_000_000;
        const BATCH: u32 = 50_000;
        let r = Refusals::new(DEFAULT_MAX_KEYS);
        let t0 = Instant::now();
        let mut batches = Vec::new();
        let mut most = 0;
        for start in (0..KEYS).step_by(BATCH as usize) {
            let keys: Vec<u128> = (start..start + BATCH).map(u128::from).collect();
            let started = Instant::now();
            for key in &keys {
                if r.standing(*key, t0).is_none() {
                    r.remember(*key, t0, 30);
                }
            }
            batches.push(started.elapsed() / BATCH);
            most = most.max(r.table.len());
        }
        assert!(most <= r.table.capacity(), "{most}");
        assert!(r.table.capacity() < DEFAULT_MAX_KEYS + SHARDS);
        // The table is full from the third batch on: checks must cost the
        // same with a million keys seen as with 150,000.
        let mut early = batches[2..7].to_vec();
        early.sort();
        let reference = early[2];
        let late = *batches[batches.len() - 5..].iter().max().unwrap();
        let mean = batches.iter().sum::<Duration>() / batches.len() as u32;
        eprintln!(
            "per check: mean {mean:?}, full table at 150k keys {reference:?}, \
             worst of the last 250k {late:?}, most entries {most}"
        );
        assert!(
            late <= reference * 2 + Duration::from_micros(5),
            "checks got slower as keys arrived: {batches:?}"
        );
        assert!(mean < Duration::from_micros(500), "{batches:?}");
    }

    fn request() -> HttpRequest {
        actix_web::test::TestRequest::default()
            .peer_addr("192.0.2.9:4000".parse().unwrap())
            .to_http_request()
    }

    fn options(per_minute: u32, failures: u32) -> RateLimitOptions {
        RateLimitOptions {
            auth_per_minute: per_minute,
            login_failures: failures,
            ..RateLimitOptions::default()
        }
    }

    #[actix_web::test]
    async fn a_refused_address_is_answered_locally_until_its_retry_time() {
        let mut store = MockRateLimitStore::new();
        // One refusal from the store; the repeats never reach it.
        store
            .expect_take_token()
            .times(1)
            .returning(|key, capacity, period, _| {
                assert_eq!(
                    key,
                    format!("{:032x}", client_key("192.0.2.9".parse().unwrap()))
                );
                assert_eq!((capacity, period), (3, Duration::from_secs(60)));
                Ok(Admission::Refused { retry_after: 20 })
            });
        let limits = RateLimits::new(&options(3, 0), Arc::new(store));
        for _ in 0..5 {
            match limits.check_ip(&request()).await {
                Err(ApiError::TooManyRequests(s)) => assert!((19..=20).contains(&s), "{s}"),
                other => panic!("{other:?}"),
            }
        }
    }

    #[actix_web::test]
    async fn allowed_checks_ask_the_store_every_time() {
        let mut store = MockRateLimitStore::new();
        store
            .expect_take_token()
            .times(3)
            .returning(|_, _, _, _| Ok(Admission::Allowed));
        store
            .expect_count_attempt()
            .times(2)
            .returning(|key, limit, window, _| {
                assert_eq!((key.as_str(), limit), ("a@example.com", 5));
                assert_eq!(window, Duration::from_secs(900));
                Ok(Admission::Allowed)
            });
        store
            .expect_clear_attempts()
            .times(1)
            .returning(|_| Err(StoreError::Failure("gone".into())));
        let limits = RateLimits::new(&options(3, 5), Arc::new(store));
        for _ in 0..3 {
            limits.check_ip(&request()).await.unwrap();
        }
        limits.begin_login("a@example.com").await.unwrap();
        limits.begin_login("a@example.com").await.unwrap();
        // A failed clear is logged; the login it follows stands.
        limits.clear_failures("a@example.com").await;
    }

    #[actix_web::test]
    async fn a_locked_email_is_refused_with_the_stores_retry_time_and_not_cached() {
        let mut store = MockRateLimitStore::new();
        store
            .expect_count_attempt()
            .times(2)
            .returning(|_, _, _, _| Ok(Admission::Refused { retry_after: 850 }));
        let limits = RateLimits::new(&options(0, 2), Arc::new(store));
        for _ in 0..2 {
            assert!(matches!(
                limits.begin_login("a@example.com").await,
                Err(ApiError::TooManyRequests(850))
            ));
        }
    }

    #[actix_web::test]
    async fn limits_that_are_off_never_touch_the_store() {
        let limits = RateLimits::new(&options(0, 0), Arc::new(MockRateLimitStore::new()));
        limits.check_ip(&request()).await.unwrap();
        limits.begin_login("a@example.com").await.unwrap();
        limits.clear_failures("a@example.com").await;
    }

    #[actix_web::test]
    async fn an_unreachable_store_answers_503() {
        let mut store = MockRateLimitStore::new();
        store
            .expect_take_token()
            .returning(|_, _, _, _| Err(StoreError::Unavailable("pool timeout".into())));
        let limits = RateLimits::new(&options(3, 0), Arc::new(store));
        assert!(matches!(
            limits.check_ip(&request()).await,
            Err(ApiError::Unavailable)
        ));
    }
}
