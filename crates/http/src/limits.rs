//! Rate limits on login and sign-up (contract §6), checked before any
//! password hashing so a flood costs the server next to nothing.
//!
//! Limits live in this process's memory: with several instances each
//! enforces its own share (see `docs/SECURITY.md`). Everything the handlers
//! need is [`RateLimits::check_ip`], [`RateLimits::begin_login`] and
//! [`RateLimits::clear_failures`], so a store shared between instances can
//! replace the tables below without touching a route.
//!
//! # Bounded memory and cost
//!
//! Each limit keeps its records in a [`Table`]: 64 shards, each a hash map
//! from a keyed 64-bit hash of the key to a slot of a vector, with a hard
//! cap on slots (`max_keys` over all shards). A check locks one shard and
//! does a constant amount of work: a lookup, a look at two random slots that
//! are dropped if they no longer hold anything (a full bucket, failures
//! that left the window), and, only when the shard is full, the eviction of
//! the least valuable of eight random slots. Nothing ever scans a table.
//!
//! What eviction may cost: forgetting a record can only let its key start
//! afresh, so the victim is the record that restrains least: a bucket with
//! the most tokens left, the key with the fewest failures in the window
//! (the least recently touched on a tie). A flood of new keys, each of
//! which holds one request or one failure, therefore evicts other flood
//! keys and never a locked e-mail or a drained bucket while such keys are
//! there: to push a locked e-mail out, an attacker must first lock about
//! `max_keys` other e-mails (`max_keys` × `LOGIN_FAILURE_LIMIT` requests,
//! which the per-IP limit slows down too), and the shard is chosen by a
//! hash keyed at random at start-up, so it cannot be aimed at. Keys are
//! hashed to 64 bits: two keys sharing a record (less than 1 in 10^9 at
//! 100,000 keys) would share a limit.

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use actix_web::HttpRequest;

use crate::error::ApiError;

/// Keys a limit table holds by default (per limit).
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
    /// Most keys (client addresses, e-mails) each limit remembers; 0 means
    /// [`DEFAULT_MAX_KEYS`].
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

    /// Forgets `key`.
    fn remove(&self, key: impl Hash) {
        let hash = self.keys.hash_one(key);
        let mut shard = self.shard(hash);
        if let Some(&slot) = shard.index.get(&hash) {
            shard.remove_slot(slot);
        }
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

/// A token bucket: `capacity` requests at once, refilled evenly.
struct Bucket {
    tokens: f64,
    at: Millis,
    capacity: f64,
    per_milli: f64,
}

impl Bucket {
    fn refill(&mut self, now: Millis) {
        let elapsed = now.saturating_sub(self.at) as f64;
        self.tokens = (self.tokens + elapsed * self.per_milli).min(self.capacity);
        self.at = now.max(self.at);
    }
}

impl Record for Bucket {
    fn worth(&self, now: Millis) -> (u64, Millis) {
        let elapsed = now.saturating_sub(self.at) as f64;
        let tokens = (self.tokens + elapsed * self.per_milli).min(self.capacity);
        // Tokens missing, in thousandths: 0 for a full bucket.
        (((self.capacity - tokens) * 1000.0).ceil() as u64, self.at)
    }
}

/// A token bucket per key: `capacity` requests at once, refilled evenly
/// over `period`.
struct Buckets {
    capacity: f64,
    per_milli: f64,
    table: Table<Bucket>,
}

impl Buckets {
    fn new(capacity: u32, period: Duration, max_keys: usize) -> Self {
        Self {
            capacity: f64::from(capacity),
            per_milli: f64::from(capacity) / period.as_millis() as f64,
            table: Table::new(max_keys),
        }
    }

    /// Takes one token, or says how many seconds until one is there.
    fn take(&self, key: impl Hash, now: Instant) -> Result<(), u64> {
        let (capacity, per_milli) = (self.capacity, self.per_milli);
        let make = || Bucket {
            tokens: capacity,
            at: 0,
            capacity,
            per_milli,
        };
        self.table.with(key, now, make, |bucket, now| {
            bucket.refill(now);
            if bucket.tokens >= 1.0 {
                bucket.tokens -= 1.0;
                Ok(())
            } else {
                let ms = (1.0 - bucket.tokens) / per_milli;
                Err(((ms / 1000.0).ceil() as u64).max(1))
            }
        })
    }
}

/// Attempts of one key still in the window, oldest first.
struct Attempts {
    times: VecDeque<Millis>,
    window: Millis,
}

impl Attempts {
    fn prune(&mut self, now: Millis) {
        while self
            .times
            .front()
            .is_some_and(|t| now.saturating_sub(*t) >= self.window)
        {
            self.times.pop_front();
        }
    }
}

impl Record for Attempts {
    fn worth(&self, now: Millis) -> (u64, Millis) {
        let live = self
            .times
            .iter()
            .filter(|t| now.saturating_sub(**t) < self.window)
            .count();
        (live as u64, self.times.back().copied().unwrap_or(0))
    }
}

/// Recent failures per key in a sliding window.
struct Failures {
    limit: usize,
    window: Duration,
    table: Table<Attempts>,
}

impl Failures {
    fn new(limit: usize, window: Duration, max_keys: usize) -> Self {
        Self {
            limit,
            window,
            table: Table::new(max_keys),
        }
    }

    /// Counts an attempt as a failure up front (a success clears it), so
    /// parallel guesses cannot all pass the check before any has failed;
    /// refused when the window is full.
    fn begin(&self, key: &str, now: Instant) -> Result<(), u64> {
        let (limit, window) = (self.limit, self.window.as_millis() as Millis);
        let make = || Attempts {
            times: VecDeque::with_capacity(limit),
            window,
        };
        self.table.with(key, now, make, |attempts, now| {
            attempts.prune(now);
            match attempts.times.front() {
                Some(oldest) if attempts.times.len() >= limit => {
                    let left = window.saturating_sub(now.saturating_sub(*oldest));
                    Err(left.div_ceil(1000).max(1))
                }
                _ => {
                    attempts.times.push_back(now);
                    Ok(())
                }
            }
        })
    }

    fn clear(&self, key: &str) {
        self.table.remove(key);
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

/// The limits of one process.
pub struct RateLimits {
    per_ip: Option<Buckets>,
    failures: Option<Failures>,
    trusted_proxies: Vec<IpAddr>,
}

impl RateLimits {
    /// Limits from `options`; a limit of 0 is off.
    pub fn new(options: &RateLimitOptions) -> Self {
        Self {
            per_ip: (options.auth_per_minute > 0).then(|| {
                Buckets::new(
                    options.auth_per_minute,
                    Duration::from_secs(60),
                    options.max_keys,
                )
            }),
            failures: (options.login_failures > 0).then(|| {
                Failures::new(
                    options.login_failures as usize,
                    Duration::from_secs(15 * 60),
                    options.max_keys,
                )
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
    pub fn check_ip(&self, req: &HttpRequest) -> Result<(), ApiError> {
        match (&self.per_ip, self.client_ip(req)) {
            (Some(buckets), Some(ip)) => buckets
                .take(client_key(ip), Instant::now())
                .map_err(ApiError::TooManyRequests),
            _ => Ok(()),
        }
    }

    /// Starts a login for `email`: 429 while it has too many recent failed
    /// logins, else the attempt counts as one until it succeeds.
    pub fn begin_login(&self, email: &str) -> Result<(), ApiError> {
        match &self.failures {
            Some(f) => f
                .begin(email, Instant::now())
                .map_err(ApiError::TooManyRequests),
            None => Ok(()),
        }
    }

    /// Forgets `email`'s failures after a successful login.
    pub fn clear_failures(&self, email: &str) {
        if let Some(f) = &self.failures {
            f.clear(email);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);
    const WINDOW: Duration = Duration::from_secs(900);

    #[test]
    fn buckets_allow_a_burst_then_refill() {
        let b = Buckets::new(3, MINUTE, 0);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(b.take(1, t0), Ok(()));
        }
        assert_eq!(b.take(1, t0), Err(20));
        assert_eq!(b.take(2, t0), Ok(()), "keys are independent");
        assert_eq!(b.take(1, t0 + Duration::from_secs(20)), Ok(()));
        assert!(b.take(1, t0 + Duration::from_secs(21)).is_err());
    }

    #[test]
    fn failures_block_until_the_oldest_expires() {
        let f = Failures::new(2, WINDOW, 0);
        let t0 = Instant::now();
        assert_eq!(f.begin("a", t0), Ok(()));
        assert_eq!(f.begin("a", t0 + Duration::from_secs(100)), Ok(()));
        assert_eq!(f.begin("a", t0 + Duration::from_secs(100)), Err(800));
        assert_eq!(f.begin("b", t0), Ok(()));
        // The oldest attempt left the window: one more is allowed.
        assert_eq!(f.begin("a", t0 + Duration::from_secs(900)), Ok(()));
        f.clear("a");
        assert_eq!(f.begin("a", t0 + Duration::from_secs(901)), Ok(()));
    }

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
    fn a_table_never_holds_more_than_its_cap() {
        let b = Buckets::new(5, MINUTE, 1000);
        let t0 = Instant::now();
        for key in 0..20_000u32 {
            b.take(key, t0).unwrap();
            assert!(b.table.len() <= b.table.capacity());
        }
        assert!(b.table.capacity() <= 1000 + SHARDS);
        assert!(b.table.len() > 900, "{}", b.table.len());
    }

    #[test]
    fn records_that_hold_nothing_are_dropped_as_checks_go_by() {
        let f = Failures::new(5, WINDOW, 0);
        let t0 = Instant::now();
        for key in 0..5_000u32 {
            f.begin(&key.to_string(), t0).unwrap();
        }
        assert_eq!(f.table.len(), 5_000);
        // Later, every old failure has left the window: ordinary traffic
        // tidies the table without any sweep.
        let later = t0 + WINDOW + Duration::from_secs(1);
        for i in 0..20_000u32 {
            let key = format!("regular{i}");
            f.begin(&key, later).unwrap();
            f.clear(&key);
        }
        assert!(f.table.len() < 500, "{}", f.table.len());
    }

    #[test]
    fn a_flood_of_new_emails_does_not_erase_a_lock() {
        let f = Failures::new(3, WINDOW, 2_000);
        let t0 = Instant::now();
        for _ in 0..3 {
            f.begin("victim@example.com", t0).unwrap();
        }
        assert!(f.begin("victim@example.com", t0).is_err());
        for key in 0..200_000u32 {
            let _ = f.begin(&format!("flood{key}@example.com"), t0);
        }
        assert!(f.table.len() <= f.table.capacity());
        assert!(
            f.begin("victim@example.com", t0 + Duration::from_secs(1))
                .is_err(),
            "the lock survived 100 times the table's size in new keys"
        );
    }

    #[test]
    fn a_flood_of_new_addresses_does_not_refill_a_drained_bucket() {
        let b = Buckets::new(2, MINUTE, 2_000);
        let t0 = Instant::now();
        let drained = client_key("192.0.2.1".parse().unwrap());
        b.take(drained, t0).unwrap();
        b.take(drained, t0).unwrap();
        for key in 0..200_000u128 {
            let _ = b.take(key << 64, t0);
        }
        assert!(b.take(drained, t0).is_err());
    }

    /// One million distinct keys: the table stays at its cap and a check
    /// costs the same at the end as at the start.
    #[test]
    fn a_million_keys_keep_memory_and_time_bounded() {
        const KEYS: u32 = 1_000_000;
        const BATCH: u32 = 50_000;
        let f = Failures::new(5, WINDOW, DEFAULT_MAX_KEYS);
        let t0 = Instant::now();
        let mut batches = Vec::new();
        let mut most = 0;
        for start in (0..KEYS).step_by(BATCH as usize) {
            let keys: Vec<String> = (start..start + BATCH)
                .map(|k| format!("user{k}@example.com"))
                .collect();
            let started = Instant::now();
            for key in &keys {
                f.begin(key, t0).unwrap();
            }
            batches.push(started.elapsed() / BATCH);
            most = most.max(f.table.len());
        }
        assert!(most <= f.table.capacity(), "{most}");
        assert!(f.table.capacity() < DEFAULT_MAX_KEYS + SHARDS);
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
}
