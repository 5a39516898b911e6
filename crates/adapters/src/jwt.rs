//! HS256 JSON Web Tokens.

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use mealplan_domain::UserId;
use mealplan_ports::{Clock, IssueError, TokenClaims, TokenError, TokenService};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iat: i64,
    exp: i64,
    /// The user's security stamp at issue time.
    #[serde(default)]
    stm: String,
    /// This token's id (revocable on its own).
    #[serde(default)]
    jti: String,
}

/// `n` random bytes as lowercase hex.
pub(crate) fn random_hex(n: usize) -> Result<String, getrandom::Error> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Issues and verifies HS256 tokens with `sub` = user id, `stm` = the
/// user's security stamp and `jti` = a random token id. Only HS256 is
/// accepted (`none` and every other algorithm are refused) and `exp` is
/// checked against the injected clock with no leeway.
#[derive(Clone)]
pub struct JwtTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
    clock: Arc<dyn Clock>,
}

impl JwtTokens {
    /// A token service signing with `secret`, tokens living `ttl`.
    pub fn new(secret: &[u8], ttl: Duration, clock: Arc<dyn Clock>) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        // `exp` is checked below against our clock, with no leeway.
        validation.validate_exp = false;
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
            clock,
        }
    }
}

impl TokenService for JwtTokens {
    fn issue(&self, user: UserId, security_stamp: &str) -> Result<String, IssueError> {
        let now = self.clock.now();
        let claims = Claims {
            sub: user.to_string(),
            iat: now.timestamp(),
            exp: (now + self.ttl).timestamp(),
            stm: security_stamp.to_owned(),
            jti: random_hex(16).map_err(|e| IssueError(e.to_string()))?,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| IssueError(e.to_string()))
    }

    fn verify(&self, token: &str) -> Result<TokenClaims, TokenError> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|_| TokenError::Invalid)?;
        let claims = data.claims;
        if self.clock.now().timestamp() >= claims.exp {
            return Err(TokenError::Expired);
        }
        let user = claims
            .sub
            .parse::<i64>()
            .map(UserId)
            .map_err(|_| TokenError::Invalid)?;
        let expires_at = Utc
            .timestamp_opt(claims.exp, 0)
            .single()
            .ok_or(TokenError::Invalid)?;
        if claims.jti.is_empty() || claims.stm.is_empty() {
            return Err(TokenError::Invalid);
        }
        Ok(TokenClaims {
            user,
            security_stamp: claims.stm,
            jti: claims.jti,
            expires_at,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, TimeZone, Utc};
    use std::sync::Mutex;

    struct FixedClock(Mutex<DateTime<Utc>>);
    impl Clock for FixedClock {
        fn now(&self) -> DateTime<Utc> {
            *self.0.lock().unwrap()
        }
    }

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";

    fn at(secs: i64) -> Arc<FixedClock> {
        Arc::new(FixedClock(Mutex::new(Utc.timestamp_opt(secs, 0).unwrap())))
    }

    fn sign(alg: Algorithm, secret: &[u8], claims: serde_json_like::Value) -> String {
        jsonwebtoken::encode(
            &Header::new(alg),
            &claims,
            &EncodingKey::from_secret(secret),
        )
        .unwrap()
    }

    /// Minimal JSON-ish claims without pulling serde_json into this crate.
    mod serde_json_like {
        use serde::Serialize;
        #[derive(Serialize)]
        pub struct Value {
            #[serde(skip_serializing_if = "Option::is_none")]
            pub sub: Option<&'static str>,
            pub iat: i64,
            pub exp: i64,
            pub stm: &'static str,
            pub jti: &'static str,
        }
    }

    fn claims(sub: Option<&'static str>, exp: i64) -> serde_json_like::Value {
        serde_json_like::Value {
            sub,
            iat: 0,
            exp,
            stm: "stamp",
            jti: "id",
        }
    }

    #[test]
    fn round_trip_until_exactly_exp() {
        let clock = at(1_000);
        let tokens = JwtTokens::new(SECRET, Duration::minutes(3000), clock.clone());
        let token = tokens.issue(UserId(42), "s1").unwrap();
        let claims = tokens.verify(&token).unwrap();
        assert_eq!(
            (claims.user, claims.security_stamp.as_str()),
            (UserId(42), "s1")
        );
        assert_eq!(claims.jti.len(), 32);
        assert_ne!(
            tokens
                .verify(&tokens.issue(UserId(42), "s1").unwrap())
                .unwrap()
                .jti,
            claims.jti,
            "every token has its own id"
        );
        *clock.0.lock().unwrap() = Utc.timestamp_opt(1_000 + 3000 * 60 - 1, 0).unwrap();
        assert_eq!(tokens.verify(&token).unwrap().user, UserId(42));
        *clock.0.lock().unwrap() = Utc.timestamp_opt(1_000 + 3000 * 60, 0).unwrap();
        assert_eq!(tokens.verify(&token), Err(TokenError::Expired));
    }

    #[test]
    fn other_algorithms_secrets_and_claims_are_invalid() {
        let tokens = JwtTokens::new(SECRET, Duration::minutes(5), at(1_000));
        let good_exp = 2_000;
        for token in [
            sign(Algorithm::HS512, SECRET, claims(Some("1"), good_exp)),
            sign(Algorithm::HS384, SECRET, claims(Some("1"), good_exp)),
            sign(
                Algorithm::HS256,
                b"another secret another secret!!!",
                claims(Some("1"), good_exp),
            ),
            sign(Algorithm::HS256, SECRET, claims(None, good_exp)),
            sign(Algorithm::HS256, SECRET, claims(Some("abc"), good_exp)),
            "not.a.token".to_owned(),
            String::new(),
        ] {
            assert_eq!(
                tokens.verify(&token).map(|c| c.user),
                Err(TokenError::Invalid),
                "{token}"
            );
        }
    }

    #[test]
    fn alg_none_is_refused() {
        let tokens = JwtTokens::new(SECRET, Duration::minutes(5), at(1_000));
        // {"alg":"none","typ":"JWT"} . {"sub":"1","iat":0,"exp":2000} . (empty)
        let token = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwiaWF0IjowLCJleHAiOjIwMDB9.";
        assert_eq!(
            tokens.verify(token).map(|c| c.user),
            Err(TokenError::Invalid)
        );
    }

    #[test]
    fn one_second_past_exp_is_expired_but_a_bad_signature_wins() {
        let tokens = JwtTokens::new(SECRET, Duration::minutes(5), at(1_000));
        let expired = sign(Algorithm::HS256, SECRET, claims(Some("1"), 999));
        assert_eq!(
            tokens.verify(&expired).map(|c| c.user),
            Err(TokenError::Expired)
        );
        let forged = sign(
            Algorithm::HS256,
            b"x".repeat(32).as_slice(),
            claims(Some("1"), 999),
        );
        assert_eq!(
            tokens.verify(&forged).map(|c| c.user),
            Err(TokenError::Invalid)
        );
    }
}
