//! Wiring of the mealplan service: builds adapters from configuration and
//! injects them into the use cases and the HTTP layer. `main.rs` only
//! parses the command line; tests build the same [`Application`].

pub mod config;

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use chrono::Duration;
use mealplan_adapters::{
    BcryptHasher, Database, JwtTokens, MailSetupError, PoolOptions, SmtpMailer, SystemClock,
};
use mealplan_app::{
    Accounts, CatalogueFoods, Export, OwnRecipes, Pantry, PasswordResets, Plans, Profiles, Recipes,
    ResetLinks, ResetSettings, SearchLimits,
};
use mealplan_assistant::Chat;
use mealplan_http::{AppState, HttpOptions, Server};
use mealplan_ports::Clock;

pub use config::MealDetailAuth;

/// Everything needed to run the service, resolved from configuration.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `sqlite://…` or `postgres://…`.
    pub database_url: String,
    /// Listen address (`127.0.0.1:0` picks a free port).
    pub bind: String,
    /// HS256 signing secret, at least 32 bytes.
    pub jwt_secret: Vec<u8>,
    /// Token lifetime in minutes.
    pub token_ttl_minutes: u32,
    /// bcrypt cost.
    pub bcrypt_cost: u32,
    /// Meal-detail policy.
    pub meal_detail_auth: MealDetailAuth,
    /// CORS origins.
    pub cors_allowed_origins: Vec<String>,
    /// HTTP worker threads; 0 = one per core.
    pub workers: usize,
    /// Login + register requests per client IP per minute; 0 = off.
    pub auth_rate_limit_per_minute: u32,
    /// Failed logins per e-mail per 15 minutes; 0 = off.
    pub login_failure_limit: u32,
    /// Proxies trusted to name the client in X-Forwarded-For.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Most refused client addresses each instance remembers in memory.
    pub rate_limit_max_keys: usize,
    /// Bytes of rendered "current plan" answers each instance keeps.
    pub plan_cache_bytes: usize,
    /// An OpenAI-compatible model server for the assistant; `None` = the
    /// built-in assistant only.
    pub chat_model: Option<mealplan_http::ChatModelConfig>,
    /// Pool size and database time limits.
    pub pool: PoolOptions,
    /// Per-request deadlines.
    pub deadlines: mealplan_http::Deadlines,
    /// Where `/metrics` answers.
    pub metrics: mealplan_http::MetricsAccess,
    /// Which requests are logged at `info`.
    pub access_log: mealplan_http::AccessLog,
    /// Base of absolute links (`https://meals.example.com`); `None`: the
    /// bound address when it names a host.
    pub public_base_url: Option<String>,
    /// Where password reset links are mailed from; `None`: not mailed.
    pub mail: Option<MailSettings>,
    /// Password reset links: lifetime and retries of their mail.
    pub password_reset: PasswordResetSettings,
    /// How plan searches are bounded: at once, waiting, time budget.
    pub plan_searches: SearchLimits,
}

/// The SMTP server and sender of the service's mail.
#[derive(Clone)]
pub struct MailSettings {
    /// `smtp://[user:password@]host[:port]` or `smtps://…`.
    pub smtp_url: String,
    /// The sender, `MAIL_FROM`.
    pub from: String,
}

impl std::fmt::Debug for MailSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold a password.
        f.debug_struct("MailSettings")
            .field("from", &self.from)
            .finish_non_exhaustive()
    }
}

/// Lifetime of reset links and the retries of their mail.
#[derive(Debug, Clone)]
pub struct PasswordResetSettings {
    /// Minutes a link works.
    pub ttl_minutes: u32,
    /// Waits before each new try of a mail that failed.
    pub retry_delays: Vec<std::time::Duration>,
}

impl Default for PasswordResetSettings {
    fn default() -> Self {
        Self {
            ttl_minutes: 30,
            retry_delays: mealplan_app::resets::DEFAULT_RETRY_DELAYS.to_vec(),
        }
    }
}

/// The base of links for a service reached at `bind_addr`:
/// `public_base_url`, else `http://ADDR` unless the address is a wildcard
/// (then links stay paths).
pub fn link_base(public_base_url: Option<&str>, bind_addr: Option<SocketAddr>) -> String {
    match public_base_url.map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) => url.trim_end_matches('/').to_owned(),
        None => bind_addr
            .filter(|a| !a.ip().is_unspecified() && a.port() != 0)
            .map_or_else(String::new, |a| format!("http://{a}")),
    }
}

/// Reset links over `db`, without a mailer.
pub fn reset_links(
    db: &Database,
    settings: &PasswordResetSettings,
    link_base: String,
    clock: Arc<dyn Clock>,
) -> ResetLinks {
    ResetLinks::new(
        Arc::new(db.clone()),
        clock,
        ResetSettings {
            ttl: Duration::minutes(i64::from(settings.ttl_minutes)),
            link_base,
            retry_delays: settings.retry_delays.clone(),
        },
    )
}

/// Why the service could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Database connection or migration.
    #[error(transparent)]
    Database(#[from] mealplan_adapters::DbError),
    /// Listening socket.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// Requested address.
        addr: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The shipped catalogue does not load (a build defect).
    #[error("the recipe catalogue is invalid: {0}")]
    Catalogue(String),
    /// The mail settings are unusable.
    #[error(transparent)]
    Mail(#[from] MailSetupError),
    /// A blocking start-up task panicked.
    #[error("start-up task failed: {0}")]
    Task(String),
}

/// Opens the database, applies migrations, seeds the recipe catalogue
/// (idempotently) and gathers planner statistics where they are missing
/// or stale (`Database::analyze_stale_tables`). Blocking work runs on the
/// blocking pool.
pub async fn prepare_database(url: &str, pool: PoolOptions) -> Result<Database, StartError> {
    let url = url.to_owned();
    tokio::task::spawn_blocking(move || {
        let catalogue =
            mealplan_catalogue::load().map_err(|e| StartError::Catalogue(e.to_string()))?;
        let db = Database::open(&url, pool)?;
        db.migrate()?;
        let report = db.seed_catalogue(&catalogue)?;
        tracing::info!(
            inserted = report.inserted,
            updated = report.updated,
            unchanged = report.unchanged,
            "recipe catalogue seeded"
        );
        // Statistics for the planner where the tables have none or grew
        // a lot (PostgreSQL).
        db.analyze_stale_tables()?;
        Ok(db)
    })
    .await
    .map_err(|e| StartError::Task(e.to_string()))?
}

/// Nice value of the threads plan searches run on: the scheduler gives a
/// thread of nice 0 (a request's bcrypt, a plan read) about nine times
/// their share of a core, so requests keep their latency while searches
/// fill the cores.
pub const SEARCH_THREAD_NICE: i32 = 10;

/// Lowers the calling thread's scheduling priority to
/// [`SEARCH_THREAD_NICE`] (Linux: `renice` on the thread's id, read from
/// `/proc/thread-self`; lowering needs no privilege). Where that cannot be
/// done, the thread keeps its priority and a warning is logged.
pub fn lower_thread_priority() {
    let tid = std::fs::read_link("/proc/thread-self")
        .ok()
        .and_then(|link| link.file_name()?.to_str().map(str::to_owned));
    let lowered = tid.is_some_and(|tid| {
        std::process::Command::new("renice")
            .args(["-n", &SEARCH_THREAD_NICE.to_string(), "-p", &tid])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    });
    if !lowered {
        tracing::warn!(
            "could not lower a plan search thread's priority (renice): searches compete with \
             requests for the cores at equal priority"
        );
    }
}

/// The running service: its address and the server future to await.
pub struct Application {
    addr: SocketAddr,
    server: Server,
}

impl Application {
    /// Opens storage, wires the use cases and binds the listener.
    pub async fn build(settings: Settings) -> Result<Self, StartError> {
        let db = prepare_database(&settings.database_url, settings.pool).await?;
        tracing::info!(backend = db.backend().kind(), "database ready");
        let bind_error = |source| StartError::Bind {
            addr: settings.bind.clone(),
            source,
        };
        let listener = TcpListener::bind(&settings.bind).map_err(bind_error)?;
        let addr = listener.local_addr().map_err(bind_error)?;
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let hasher = Arc::new(BcryptHasher::new(settings.bcrypt_cost, cores));
        let tokens = Arc::new(JwtTokens::new(
            &settings.jwt_secret,
            Duration::minutes(i64::from(settings.token_ttl_minutes)),
            clock.clone(),
        ));
        let accounts = Accounts::new(
            Arc::new(db.clone()),
            hasher.clone(),
            tokens.clone(),
            clock.clone(),
        );
        let base = link_base(settings.public_base_url.as_deref(), Some(addr));
        let mut links = reset_links(&db, &settings.password_reset, base.clone(), clock.clone());
        if let Some(mail) = &settings.mail {
            links = links.with_mailer(Arc::new(SmtpMailer::new(&mail.smtp_url, &mail.from)?));
            if base.is_empty() {
                tracing::warn!(
                    "mail is configured but PUBLIC_BASE_URL is not: reset links will be paths \
                     without a host"
                );
            }
        }
        let resets = PasswordResets::new(links, hasher, tokens);
        let taxonomy = Arc::new(mealplan_domain::Taxonomy::standard().clone());
        let profiles = Profiles::new(Arc::new(db.clone()), Arc::new(db.clone()), clock.clone());
        let kitchen = Arc::new(
            mealplan_catalogue::kitchen().map_err(|e| StartError::Catalogue(e.to_string()))?,
        );
        let recipes =
            Recipes::new(Arc::new(db.clone()), taxonomy.clone()).with_kitchen(kitchen.clone());
        let own_recipes = OwnRecipes::new(
            Arc::new(db.clone()),
            taxonomy.clone(),
            catalogue_foods().map_err(|e| StartError::Catalogue(e.to_string()))?,
        );
        let plans = Plans::new(
            Arc::new(db.clone()),
            Arc::new(db.clone()),
            Arc::new(db.clone()),
            clock.clone(),
            taxonomy.clone(),
        )
        .with_kitchen(kitchen)
        .with_household()
        .with_own_recipes(Arc::new(db.clone()))
        .with_pantry(Arc::new(db.clone()))
        .with_search_limits(settings.plan_searches)
        .with_search_thread_start(lower_thread_priority);
        let model = settings.chat_model.clone().map(|config| {
            tracing::info!(endpoint = %config.endpoint(), model = %config.model, "chat model configured");
            Arc::new(mealplan_http::OpenAiChatModel::new(config)) as Arc<dyn mealplan_ports::ChatModel>
        });
        let household = mealplan_app::Household::new(Arc::new(db.clone()), clock.clone());
        let chat = Chat::new(
            plans.clone(),
            profiles.clone(),
            recipes.clone(),
            Arc::new(db.clone()),
            model,
        )
        .with_household(household.clone())
        .with_own_recipes(own_recipes.clone());
        let export = Export::new(Arc::new(db.clone()), Arc::new(db.clone()), plans.clone())
            .with_household()
            .with_own_recipes(Arc::new(db.clone()))
            .with_pantry(Arc::new(db.clone()));
        let pantry = Pantry::new(Arc::new(db.clone()), Arc::new(db.clone()), taxonomy.clone())
            .with_own_recipes(Arc::new(db.clone()));
        let state = AppState {
            pantry,
            export,
            accounts,
            resets,
            profiles,
            recipes,
            own_recipes,
            meals: plans.meals(),
            planner: plans.planner(),
            shopping: plans.shopping(),
            menus: plans.menus(),
            household,
            plans,
            chat,
            meal_detail_auth: match settings.meal_detail_auth {
                MealDetailAuth::Optional => mealplan_http::MealDetailAuth::Optional,
                MealDetailAuth::Required => mealplan_http::MealDetailAuth::Required,
            },
            health: Arc::new(db.clone()),
            rate_limit_store: Arc::new(db),
            plan_answers: Arc::new(mealplan_app::Renditions::new(settings.plan_cache_bytes)),
        };
        let options = HttpOptions {
            deadlines: settings.deadlines,
            metrics: settings.metrics,
            access_log: settings.access_log,
            cors_allowed_origins: settings.cors_allowed_origins.clone(),
            workers: settings.workers,
            rate_limits: mealplan_http::RateLimitOptions {
                auth_per_minute: settings.auth_rate_limit_per_minute,
                login_failures: settings.login_failure_limit,
                trusted_proxies: settings.trusted_proxies.clone(),
                max_keys: settings.rate_limit_max_keys,
            },
        };
        let server = mealplan_http::serve(listener, state, options).map_err(bind_error)?;
        Ok(Self { addr, server })
    }

    /// The bound address (useful with port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until shutdown.
    pub async fn run(self) -> std::io::Result<()> {
        self.server.await
    }

    /// The server future, for tests that spawn it.
    pub fn into_server(self) -> Server {
        self.server
    }
}

/// What the catalogue knows of the SR28 foods it uses, for one's own
/// recipes: its name for each food (a taxonomy node, so labels and
/// restrictions read an own recipe as they read the catalogue's) and its
/// taste rule (`mealplan_catalogue::rules::tastes`).
fn catalogue_foods() -> Result<CatalogueFoods, mealplan_catalogue::CatalogueError> {
    let table = Arc::new(mealplan_catalogue::IngredientTable::shipped()?);
    let names = table
        .names()
        .filter_map(|name| {
            let ndb = table.get(name)?.ndb_no.trim().parse::<u32>().ok()?;
            Some((ndb, name.to_owned()))
        })
        .collect();
    let tastes = Arc::clone(&table);
    Ok(CatalogueFoods::new(
        names,
        Arc::new(move |names: &[&str], n: &mealplan_domain::Nutrition| {
            let ingredients: Vec<_> = names.iter().filter_map(|n| tastes.get(n)).collect();
            mealplan_catalogue::rules::tastes(&ingredients, n)
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_thread_runs_at_a_lower_priority_than_the_rest() {
        let nice = |stat: String| {
            // Field 19 of /proc/…/stat, the 17th after the command name.
            let after = stat.rsplit(')').next().unwrap().to_owned();
            after
                .split_whitespace()
                .nth(16)
                .unwrap()
                .parse::<i32>()
                .unwrap()
        };
        let stat = || std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        let searching = std::thread::spawn(move || {
            lower_thread_priority();
            stat()
        })
        .join()
        .unwrap();
        assert_eq!(nice(searching), SEARCH_THREAD_NICE);
        assert!(nice(stat()) < SEARCH_THREAD_NICE, "only that thread");
    }
}
