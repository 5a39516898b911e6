//! Rate limits on login and sign-up (contract §6), checked before any
//! password hashing so a flood costs the server next to nothing.
//!
//! Limits live in this process's memory: with several instances each
//! enforces its own share (see `docs/SECURITY.md`).

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::HttpRequest;

use crate::error::ApiError;

/// Entries kept before stale ones are swept, bounding memory under attack.
const SWEEP_AT: usize = 10_000;

/// Settings of the limits.
#[derive(Debug, Clone, Default)]
pub struct RateLimitOptions {
    /// Login + register requests per client IP per minute; 0 = off.
    pub auth_per_minute: u32,
    /// Failed logins per e-mail per 15 minutes; 0 = off.
    pub login_failures: u32,
    /// Proxies whose `X-Forwarded-For` names the real client.
    pub trusted_proxies: Vec<IpAddr>,
}

/// A token bucket per key: `capacity` requests at once, refilled evenly
/// over `period`.
struct Buckets<K> {
    capacity: f64,
    per_second: f64,
    state: Mutex<HashMap<K, (f64, Instant)>>,
}

impl<K: Eq + Hash + Clone> Buckets<K> {
    fn new(capacity: u32, period: Duration) -> Self {
        Self {
            capacity: f64::from(capacity),
            per_second: f64::from(capacity) / period.as_secs_f64(),
            state: Mutex::default(),
        }
    }

    /// Takes one token, or says how many seconds until one is there.
    fn take(&self, key: &K, now: Instant) -> Result<(), u64> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if state.len() >= SWEEP_AT {
            let full = self.capacity;
            let rate = self.per_second;
            state.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < full
            });
        }
        let (tokens, at) = state.entry(key.clone()).or_insert((self.capacity, now));
        *tokens =
            (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.capacity);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - *tokens) / self.per_second).ceil().max(1.0) as u64)
        }
    }
}

/// Recent failures per key in a sliding window.
struct Failures {
    limit: usize,
    window: Duration,
    state: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Failures {
    fn prune(times: &mut VecDeque<Instant>, now: Instant, window: Duration) {
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= window)
        {
            times.pop_front();
        }
    }

    /// Counts an attempt as a failure up front (a success clears it), so
    /// parallel guesses cannot all pass the check before any has failed;
    /// refused when the window is full.
    fn begin(&self, key: &str, now: Instant) -> Result<(), u64> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if state.len() >= SWEEP_AT {
            let window = self.window;
            state.retain(|_, times| {
                Self::prune(times, now, window);
                !times.is_empty()
            });
        }
        let times = state.entry(key.to_owned()).or_default();
        Self::prune(times, now, self.window);
        match times.front() {
            Some(oldest) if times.len() >= self.limit => {
                let left = self.window.saturating_sub(now.duration_since(*oldest));
                Err(left.as_secs().max(1))
            }
            _ => {
                times.push_back(now);
                Ok(())
            }
        }
    }

    fn clear(&self, key: &str) {
        self.state
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }
}

/// The limits of one process.
pub struct RateLimits {
    per_ip: Option<Buckets<IpAddr>>,
    failures: Option<Failures>,
    trusted_proxies: Vec<IpAddr>,
}

impl RateLimits {
    /// Limits from `options`; a limit of 0 is off.
    pub fn new(options: &RateLimitOptions) -> Self {
        Self {
            per_ip: (options.auth_per_minute > 0)
                .then(|| Buckets::new(options.auth_per_minute, Duration::from_secs(60))),
            failures: (options.login_failures > 0).then(|| Failures {
                limit: options.login_failures as usize,
                window: Duration::from_secs(15 * 60),
                state: Mutex::default(),
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
                .take(&ip, Instant::now())
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

    #[test]
    fn buckets_allow_a_burst_then_refill() {
        let b = Buckets::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(b.take(&1, t0), Ok(()));
        }
        assert_eq!(b.take(&1, t0), Err(20));
        assert_eq!(b.take(&2, t0), Ok(()), "keys are independent");
        assert_eq!(b.take(&1, t0 + Duration::from_secs(20)), Ok(()));
        assert!(b.take(&1, t0 + Duration::from_secs(21)).is_err());
    }

    #[test]
    fn failures_block_until_the_oldest_expires() {
        let f = Failures {
            limit: 2,
            window: Duration::from_secs(900),
            state: Mutex::default(),
        };
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
}
