//! Configuration from environment variables, CLI flags and `.env`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};
use mealplan_adapters::Backend;

/// Command line of the `mealplan` binary. A bare `mealplan` serves.
#[derive(Debug, Parser)]
#[command(
    name = "mealplan",
    version,
    about = "Meal planning and nutrition profile service"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; `serve` when omitted.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Settings of `serve`, accepted without the subcommand too.
    #[command(flatten)]
    pub serve: ServeArgs,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service (migrates and seeds first).
    Serve(Box<ServeArgs>),
    /// Apply migrations and seed the reference data, then exit.
    Migrate(DatabaseArgs),
    /// Print a one-time password reset link for an account (for operators
    /// without mail); it replaces the account's earlier link.
    ResetLink(ResetLinkArgs),
}

/// Settings of `reset-link`.
#[derive(Debug, Clone, Args)]
pub struct ResetLinkArgs {
    /// The account's e-mail.
    pub email: String,
    #[command(flatten)]
    /// Database settings.
    pub database: DatabaseArgs,
    /// Public base URL of the service, the start of the link; unset:
    /// `http://BIND` when BIND names a host.
    #[arg(long, env = "PUBLIC_BASE_URL")]
    pub public_base_url: Option<String>,
    /// The service's listen address (the link's base without
    /// PUBLIC_BASE_URL).
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8000")]
    pub bind: String,
    /// Minutes the link works.
    #[arg(long, env = "PASSWORD_RESET_TTL_MINUTES", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..=10_080))]
    pub password_reset_ttl_minutes: u32,
}

/// Where the data lives.
#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// `sqlite://PATH` (embedded, created on first start) or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://mealplan.db")]
    pub database_url: String,
}

/// Settings of the HTTP service.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "The JWT signing secret comes from the JWT_SECRET environment variable \
    only (at least 32 bytes). Unset with SQLite, one is generated and kept next to the database \
    file (mode 0600); unset with PostgreSQL, the service refuses to start."
)]
pub struct ServeArgs {
    #[command(flatten)]
    /// Database settings.
    pub database: DatabaseArgs,
    /// Address to listen on.
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8000")]
    pub bind: String,
    /// Lifetime of access tokens, in minutes.
    #[arg(long, env = "TOKEN_TTL_MINUTES", default_value_t = 3000,
          value_parser = clap::value_parser!(u32).range(1..=525_600))]
    pub token_ttl_minutes: u32,
    /// bcrypt cost factor of new password hashes (4-31).
    #[arg(long, env = "BCRYPT_COST", default_value_t = 12,
          value_parser = clap::value_parser!(u32).range(4..=31))]
    pub bcrypt_cost: u32,
    /// Whether a meal swap and a status change need a bearer token (every
    /// other plan route always does); `required` is recommended.
    #[arg(long, env = "MEAL_DETAIL_AUTH", value_enum, default_value_t = MealDetailAuth::Optional)]
    pub meal_detail_auth: MealDetailAuth,
    /// Comma-separated exact origins allowed by CORS; empty = no CORS headers.
    #[arg(long, env = "CORS_ALLOWED_ORIGINS", default_value = "")]
    pub cors_allowed_origins: String,
    /// Log format.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Pretty)]
    pub log_format: LogFormat,
    /// Login + register requests per client IP per minute (0 = no limit).
    #[arg(long, env = "AUTH_RATE_LIMIT_PER_MINUTE", default_value_t = 10)]
    pub auth_rate_limit_per_minute: u32,
    /// Failed logins per e-mail per 15 minutes (0 = no limit).
    #[arg(long, env = "LOGIN_FAILURE_LIMIT", default_value_t = 5)]
    pub login_failure_limit: u32,
    /// Comma-separated IPs of reverse proxies whose X-Forwarded-For names
    /// the client for rate limiting; empty = use the socket peer only.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "", value_parser = parse_ips)]
    pub trusted_proxies: IpList,
    /// Most refused client addresses each instance remembers in memory (it
    /// answers their repeats without asking the database); past it, the
    /// refusals that end soonest are forgotten first. The limits themselves
    /// are kept in the database.
    #[arg(long, env = "RATE_LIMIT_MAX_KEYS", default_value_t = mealplan_http::limits::DEFAULT_MAX_KEYS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(64..=100_000_000))]
    pub rate_limit_max_keys: usize,
    /// Megabytes of rendered "current plan" answers each instance keeps
    /// (one per user, served while the plan's stored revision, the profile
    /// and the day are what it was rendered from); 0 = none.
    #[arg(long, env = "PLAN_CACHE_MB", default_value_t = 16,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=4096))]
    pub plan_cache_mb: usize,
    /// Milliseconds a request may take before it is answered 503 (so a hung
    /// database never holds a client).
    #[arg(long, env = "REQUEST_TIMEOUT_MS", default_value_t = 4500,
          value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub request_timeout_ms: u64,
    /// Milliseconds a client may take to send its request head, and its
    /// body (else 408).
    #[arg(long, env = "BODY_READ_TIMEOUT_MS", default_value_t = 4000,
          value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub body_read_timeout_ms: u64,
    /// Milliseconds a database statement (or SQLite's wait for the write
    /// lock) may take before the database ends it.
    #[arg(long, env = "DB_STATEMENT_TIMEOUT_MS", default_value_t = 4000,
          value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub db_statement_timeout_ms: u64,
    /// Milliseconds a request waits for a pooled database connection.
    #[arg(long, env = "DB_POOL_TIMEOUT_MS", default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub db_pool_timeout_ms: u64,
    /// Database connections in the pool; 0 = two per core plus two (more
    /// only adds threads and server processes competing for the cores).
    #[arg(long, env = "DB_POOL_SIZE", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub db_pool_size: u32,
    /// Which requests get an access-log line at `info`: `errors` (4xx and
    /// 5xx; the rest at `debug`) or `all`.
    #[arg(long, env = "ACCESS_LOG", value_enum, default_value_t = AccessLogArg::Errors)]
    pub access_log: AccessLogArg,
    /// Public base URL of the service (e.g. `https://api.example.com`), for
    /// absolute links such as `recipe_url`; unset: `http://BIND` when BIND
    /// names a host, else links are paths.
    #[arg(long, env = "PUBLIC_BASE_URL")]
    pub public_base_url: Option<String>,
    /// Where `GET /metrics` (Prometheus text) answers: `main` (the API's
    /// address), `off`, or `HOST:PORT` (only there, e.g. a private port).
    #[arg(long, env = "METRICS", default_value = "main", value_parser = parse_metrics)]
    pub metrics: mealplan_http::MetricsAccess,
    /// Base URL of an OpenAI-compatible chat-completions server with tool
    /// calling (e.g. `http://127.0.0.1:11434/v1`); unset = the built-in
    /// assistant only.
    #[arg(long, env = "CHAT_MODEL_URL")]
    pub chat_model_url: Option<String>,
    /// Model name sent to that server.
    #[arg(long, env = "CHAT_MODEL", default_value = "gpt-4o-mini")]
    pub chat_model: String,
    /// Bearer key for that server (environment only, never logged).
    #[arg(skip = std::env::var("CHAT_MODEL_API_KEY").ok().filter(|k| !k.is_empty()))]
    pub chat_model_api_key: Option<String>,
    /// SMTP server for password reset mail (environment only, as it may
    /// hold a password): `smtp://[user:password@]host[:port]` (STARTTLS
    /// when the server offers it) or `smtps://…` (TLS); unset = no mail.
    #[arg(skip = std::env::var("SMTP_URL").ok().filter(|u| !u.trim().is_empty()))]
    pub smtp_url: Option<String>,
    /// Sender of the service's mail (`mealplan <no-reply@example.com>`);
    /// needed with SMTP_URL.
    #[arg(long, env = "MAIL_FROM")]
    pub mail_from: Option<String>,
    /// Minutes a password reset link works.
    #[arg(long, env = "PASSWORD_RESET_TTL_MINUTES", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..=10_080))]
    pub password_reset_ttl_minutes: u32,
    /// Waits before each new try of a reset mail that failed,
    /// comma-separated (`500ms`, `10s`, `2m`; a bare number is seconds);
    /// empty = no retries.
    #[arg(long, env = "MAIL_RETRY_DELAYS", default_value = "10s,30s,60s",
          value_parser = parse_delays)]
    pub mail_retry_delays: Delays,
    /// Seconds to wait for the model before answering with the built-in
    /// assistant.
    #[arg(long, env = "CHAT_MODEL_TIMEOUT_SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub chat_model_timeout_seconds: u64,
}

impl ServeArgs {
    /// The base of absolute links: `PUBLIC_BASE_URL`, else `http://BIND`
    /// unless BIND is a wildcard address (0.0.0.0, ::), which no client
    /// can open.
    pub fn public_base_url(&self) -> Option<String> {
        if let Some(url) = self.public_base_url.as_deref().map(str::trim) {
            return (!url.is_empty()).then(|| url.to_owned());
        }
        let addr: std::net::SocketAddr = self.bind.parse().ok()?;
        (!addr.ip().is_unspecified() && addr.port() != 0).then(|| format!("http://{addr}"))
    }

    /// Pool size and database time limits.
    pub fn pool(&self) -> mealplan_adapters::PoolOptions {
        let ms = std::time::Duration::from_millis;
        mealplan_adapters::PoolOptions {
            max_size: mealplan_adapters::db::pool_size(self.db_pool_size),
            acquire_timeout: ms(self.db_pool_timeout_ms),
            statement_timeout: ms(self.db_statement_timeout_ms),
            ..Default::default()
        }
    }

    /// Per-request deadlines; the chat's leaves room for the model.
    pub fn deadlines(&self) -> mealplan_http::Deadlines {
        let request = std::time::Duration::from_millis(self.request_timeout_ms);
        let model = self
            .chat_model()
            .map_or(std::time::Duration::ZERO, |m| m.timeout);
        mealplan_http::Deadlines {
            request,
            chat: request + model,
            body: std::time::Duration::from_millis(self.body_read_timeout_ms),
        }
    }

    /// The SMTP settings, when `SMTP_URL` is set; an error when it is set
    /// without `MAIL_FROM`.
    pub fn mail(&self) -> Result<Option<crate::MailSettings>, ConfigError> {
        let Some(url) = &self.smtp_url else {
            return Ok(None);
        };
        let from = self
            .mail_from
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .ok_or(ConfigError::MailFromRequired)?;
        Ok(Some(crate::MailSettings {
            smtp_url: url.trim().to_owned(),
            from: from.to_owned(),
        }))
    }

    /// Reset link lifetime and mail retries.
    pub fn password_reset(&self) -> crate::PasswordResetSettings {
        crate::PasswordResetSettings {
            ttl_minutes: self.password_reset_ttl_minutes,
            retry_delays: self.mail_retry_delays.0.clone(),
        }
    }

    /// The model server settings, if one is configured.
    pub fn chat_model(&self) -> Option<mealplan_http::ChatModelConfig> {
        let url = self.chat_model_url.as_deref()?.trim();
        (!url.is_empty()).then(|| mealplan_http::ChatModelConfig {
            url: url.to_owned(),
            model: self.chat_model.clone(),
            api_key: self.chat_model_api_key.clone(),
            timeout: std::time::Duration::from_secs(self.chat_model_timeout_seconds),
        })
    }
}

fn parse_metrics(raw: &str) -> Result<mealplan_http::MetricsAccess, String> {
    use mealplan_http::MetricsAccess;
    match raw.trim() {
        "main" | "on" => Ok(MetricsAccess::Main),
        "off" | "" => Ok(MetricsAccess::Off),
        addr => addr
            .parse()
            .map(MetricsAccess::Separate)
            .map_err(|_| format!("expected main, off or HOST:PORT, got {addr:?}")),
    }
}

/// `ACCESS_LOG` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AccessLogArg {
    /// Every request at `info`.
    All,
    /// Only 4xx and 5xx at `info` and above.
    Errors,
}

impl From<AccessLogArg> for mealplan_http::AccessLog {
    fn from(a: AccessLogArg) -> Self {
        match a {
            AccessLogArg::All => Self::All,
            AccessLogArg::Errors => Self::Errors,
        }
    }
}

/// Waits, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Delays(pub Vec<std::time::Duration>);

fn parse_delays(text: &str) -> Result<Delays, String> {
    text.split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| {
            let (number, unit) = d
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .map_or((d, "s"), |i| d.split_at(i));
            let value: f64 = number
                .parse()
                .map_err(|_| format!("not a duration: {d:?}"))?;
            let seconds = match unit.trim() {
                "ms" => value / 1000.0,
                "s" => value,
                "m" | "min" => value * 60.0,
                _ => return Err(format!("unknown unit in {d:?} (use ms, s or m)")),
            };
            std::time::Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|s| s.as_secs() <= 86_400)
                .ok_or_else(|| format!("not a duration of at most a day: {d:?}"))
        })
        .collect::<Result<_, _>>()
        .map(Delays)
}

/// A comma-separated list of IP addresses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IpList(pub Vec<std::net::IpAddr>);

fn parse_ips(text: &str) -> Result<IpList, String> {
    text.split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| a.parse().map_err(|_| format!("not an IP address: {a:?}")))
        .collect::<Result<_, _>>()
        .map(IpList)
}

/// Policy of a meal swap and a status change, the two routes the spec
/// leaves open (contract §4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MealDetailAuth {
    /// No token needed for those two on a meal without portions; a token
    /// sent must be valid and limits access to its owner.
    Optional,
    /// A valid token is always needed.
    Required,
}

/// Log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable.
    Pretty,
    /// One JSON object per line.
    Json,
}

impl ServeArgs {
    /// The origins of `CORS_ALLOWED_ORIGINS`, trimmed, empties dropped.
    pub fn cors_origins(&self) -> Vec<String> {
        self.cors_allowed_origins
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The JWT secret is too short.
    #[error(
        "JWT_SECRET must be at least {min} bytes long (got {got}); generate one with `openssl rand -hex 32`"
    )]
    SecretTooShort {
        /// Required length.
        min: usize,
        /// Actual length.
        got: usize,
    },
    /// PostgreSQL without an explicit secret.
    #[error(
        "JWT_SECRET must be set when DATABASE_URL is PostgreSQL: every instance sharing the database must sign tokens with the same secret"
    )]
    SecretRequired,
    /// The generated secret file could not be read or written.
    #[error("JWT secret file {path}: {source}")]
    SecretFile {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// SMTP_URL without a sender.
    #[error("MAIL_FROM must be set when SMTP_URL is: the address reset mail is sent from")]
    MailFromRequired,
    /// Bad database URL.
    #[error(transparent)]
    Database(#[from] mealplan_adapters::DbError),
}

/// Shortest accepted signing secret: 256 bits.
pub const MIN_SECRET_BYTES: usize = 32;

/// The JWT secret in force: `JWT_SECRET` if set (and long enough), else for
/// SQLite a generated secret kept in `<database>.jwt-secret`.
pub fn jwt_secret(from_env: Option<String>, database_url: &str) -> Result<Vec<u8>, ConfigError> {
    if let Some(secret) = from_env.filter(|s| !s.is_empty()) {
        return check_len(secret.into_bytes());
    }
    match Backend::from_url(database_url)? {
        Backend::Postgres(_) => Err(ConfigError::SecretRequired),
        Backend::Sqlite(path) => sqlite_secret(&secret_path(&path)),
    }
}

fn check_len(secret: Vec<u8>) -> Result<Vec<u8>, ConfigError> {
    if secret.len() < MIN_SECRET_BYTES {
        return Err(ConfigError::SecretTooShort {
            min: MIN_SECRET_BYTES,
            got: secret.len(),
        });
    }
    Ok(secret)
}

/// `<database file>.jwt-secret`, beside the database.
pub fn secret_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".jwt-secret");
    PathBuf::from(name)
}

fn sqlite_secret(path: &Path) -> Result<Vec<u8>, ConfigError> {
    let file_error = |source| ConfigError::SecretFile {
        path: path.to_owned(),
        source,
    };
    match fs::read_to_string(path) {
        Ok(text) => return check_len(text.trim().as_bytes().to_vec()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(file_error(e)),
    }
    let mut raw = [0u8; 32];
    getrandom::fill(&mut raw).map_err(|e| file_error(std::io::Error::other(e.to_string())))?;
    let secret: String = raw.iter().map(|b| format!("{b:02x}")).collect();
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            file.write_all(secret.as_bytes()).map_err(file_error)?;
            file.sync_all().map_err(file_error)?;
            tracing::warn!(
                path = %path.display(),
                "JWT_SECRET is not set: generated a random signing secret and stored it beside the database"
            );
            Ok(secret.into_bytes())
        }
        // Another process created it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => sqlite_secret(path),
        Err(e) => Err(file_error(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_secret_must_be_32_bytes() {
        assert!(matches!(
            jwt_secret(Some("short".into()), "sqlite://x.db"),
            Err(ConfigError::SecretTooShort { min: 32, got: 5 })
        ));
        let ok = "k".repeat(32);
        assert_eq!(
            jwt_secret(Some(ok.clone()), "postgres://h/db").unwrap(),
            ok.as_bytes()
        );
    }

    #[test]
    fn postgres_without_secret_refuses() {
        assert!(matches!(
            jwt_secret(None, "postgres://h/db"),
            Err(ConfigError::SecretRequired)
        ));
        assert!(matches!(
            jwt_secret(Some(String::new()), "postgresql://h/db"),
            Err(ConfigError::SecretRequired)
        ));
    }

    #[test]
    fn sqlite_secret_is_generated_once_with_mode_0600() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("m.db").display());
        let first = jwt_secret(None, &url).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(jwt_secret(None, &url).unwrap(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join("m.db.jwt-secret"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn cli_parses_bare_and_subcommands() {
        let cli = Cli::try_parse_from(["mealplan", "--bind", "0.0.0.0:1"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.serve.bind, "0.0.0.0:1");
        let cli = Cli::try_parse_from(["mealplan", "migrate", "--database-url", "sqlite://a.db"])
            .unwrap();
        assert!(
            matches!(cli.command, Some(Command::Migrate(d)) if d.database_url == "sqlite://a.db")
        );
        assert!(Cli::try_parse_from(["mealplan", "--bcrypt-cost", "3"]).is_err());
        let cli = Cli::try_parse_from([
            "mealplan",
            "serve",
            "--cors-allowed-origins",
            "https://a.example, https://b.example,",
        ])
        .unwrap();
        let Some(Command::Serve(args)) = cli.command else {
            panic!()
        };
        assert_eq!(
            args.cors_origins(),
            ["https://a.example", "https://b.example"]
        );
    }

    #[test]
    fn links_are_absolute_where_the_bind_address_names_a_host() {
        let base = |args: &[&str]| {
            let mut all = vec!["mealplan"];
            all.extend_from_slice(args);
            Cli::try_parse_from(all).unwrap().serve.public_base_url()
        };
        assert_eq!(
            base(&["--bind", "127.0.0.1:8000"]).as_deref(),
            Some("http://127.0.0.1:8000")
        );
        assert_eq!(base(&["--bind", "0.0.0.0:8000"]), None);
        assert_eq!(base(&["--bind", "[::]:8000"]), None);
        assert_eq!(
            base(&[
                "--bind",
                "0.0.0.0:8000",
                "--public-base-url",
                "https://api.example"
            ])
            .as_deref(),
            Some("https://api.example")
        );
    }

    #[test]
    fn mail_retry_delays_and_the_reset_link_command_are_read() {
        let ms = std::time::Duration::from_millis;
        assert_eq!(
            parse_delays("500ms, 10s,2m,3").unwrap().0,
            [ms(500), ms(10_000), ms(120_000), ms(3000)]
        );
        assert!(parse_delays("").unwrap().0.is_empty());
        assert!(parse_delays("10 parsecs").is_err() && parse_delays("2d").is_err());
        let cli = Cli::try_parse_from(["mealplan", "--mail-retry-delays", "1s"]).unwrap();
        assert_eq!(cli.serve.password_reset().retry_delays, [ms(1000)]);
        assert_eq!(cli.serve.password_reset().ttl_minutes, 30);
        let cli = Cli::try_parse_from(["mealplan", "reset-link", "ann@example.com"]).unwrap();
        assert!(matches!(cli.command, Some(Command::ResetLink(a)) if a.email == "ann@example.com"));
    }

    #[test]
    fn smtp_needs_a_sender() {
        let mut args = Cli::try_parse_from(["mealplan"]).unwrap().serve;
        args.smtp_url = Some("smtp://127.0.0.1:2525".into());
        args.mail_from = None;
        assert!(matches!(args.mail(), Err(ConfigError::MailFromRequired)));
        args.mail_from = Some("mealplan <no-reply@example.com>".into());
        let mail = args.mail().unwrap().unwrap();
        assert_eq!(mail.smtp_url, "smtp://127.0.0.1:2525");
        args.smtp_url = None;
        assert!(args.mail().unwrap().is_none());
    }
}
