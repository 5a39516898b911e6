//! `spawn_app`: the service on a free port with a database of its own.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use awc::http::Method;
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, SqliteConnection};
use mealplan::{Application, MealDetailAuth, Settings};
use serde_json::Value;

/// The signing secret every test app uses.
pub const SECRET: &[u8] = b"integration-test-secret-0123456789abcdef";

/// Which storage a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs each listed `async fn name(Backend)` once per backend.
///
/// The PostgreSQL variants always run, and fail when PostgreSQL is
/// unreachable; built with `MEALPLAN_TEST_SKIP_POSTGRES=1` they are
/// compiled as ignored instead (see `crates/mealplan/build.rs`), so a
/// machine without PostgreSQL reports them as ignored, never as passed.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[actix_web::test] async fn $name() { super::$name($crate::helpers::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[actix_web::test]
            #[cfg_attr(mealplan_skip_postgres, ignore = "built with MEALPLAN_TEST_SKIP_POSTGRES=1")]
            async fn $name() {
                super::$name($crate::helpers::Backend::Postgres).await
            })*
        }
    };
}

/// What to do when PostgreSQL is not there.
pub const POSTGRES_HELP: &str = "The API tests run every database test on PostgreSQL too. Start \
    a server with trust authentication for user `postgres` at 127.0.0.1:5432 (e.g. `docker run -d \
    -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres`), point MEALPLAN_TEST_POSTGRES_URL at \
    another one, or build the tests with MEALPLAN_TEST_SKIP_POSTGRES=1 to have the PostgreSQL \
    variants reported as ignored.";

/// PostgreSQL server the tests create their databases on.
fn postgres_admin_url() -> String {
    std::env::var("MEALPLAN_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

/// A database that exists for one test only.
pub enum TestDb {
    Sqlite(tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

impl TestDb {
    /// A new, empty database of `backend`.
    pub fn create(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => Self::Sqlite(tempfile::tempdir().expect("temp dir")),
            Backend::Postgres => {
                static COUNTER: AtomicU32 = AtomicU32::new(0);
                let admin_url = postgres_admin_url();
                let name = format!(
                    "mealplan_test_{}_{}_{}",
                    std::process::id(),
                    COUNTER.fetch_add(1, Ordering::Relaxed),
                    chrono::Utc::now().timestamp_micros()
                );
                let mut admin = PgConnection::establish(&admin_url).unwrap_or_else(|e| {
                    panic!("PostgreSQL is unreachable at {admin_url}: {e}\n{POSTGRES_HELP}")
                });
                admin
                    .batch_execute(&format!("CREATE DATABASE {name}"))
                    .expect("create test database");
                Self::Postgres { admin_url, name }
            }
        }
    }

    /// The URL the service connects with.
    pub fn url(&self) -> String {
        match self {
            Self::Sqlite(dir) => format!("sqlite://{}", dir.path().join("test.db").display()),
            Self::Postgres { admin_url, name } => {
                let base = admin_url
                    .rsplit_once('/')
                    .map_or(admin_url.as_str(), |(b, _)| b);
                format!("{base}/{name}")
            }
        }
    }

    /// Runs raw SQL against the test database (to simulate what the API
    /// cannot do, e.g. delete a user).
    pub fn execute(&self, sql: &str) {
        match self {
            Self::Sqlite(dir) => {
                SqliteConnection::establish(&dir.path().join("test.db").to_string_lossy())
                    .expect("open sqlite")
                    .batch_execute(sql)
                    .expect("sql runs")
            }
            Self::Postgres { .. } => PgConnection::establish(&self.url())
                .expect("open postgres")
                .batch_execute(sql)
                .expect("sql runs"),
        }
    }

    /// The single integer `sql` selects (as a column named `n`).
    pub fn count(&self, sql: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        use diesel::RunQueryDsl;
        let row: Row = match self {
            Self::Sqlite(dir) => diesel::sql_query(sql)
                .get_result(
                    &mut SqliteConnection::establish(&dir.path().join("test.db").to_string_lossy())
                        .expect("open sqlite"),
                )
                .expect("query runs"),
            Self::Postgres { .. } => diesel::sql_query(sql)
                .get_result(&mut PgConnection::establish(&self.url()).expect("open postgres"))
                .expect("query runs"),
        };
        row.n
    }

    /// Drops a PostgreSQL test database now, cutting its connections.
    pub fn drop_now(&self) {
        if let Self::Postgres { admin_url, name } = self
            && let Ok(mut admin) = PgConnection::establish(admin_url)
        {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        self.drop_now();
    }
}

/// Settings of a test app on `db`.
pub fn settings(db: &TestDb) -> Settings {
    Settings {
        database_url: db.url(),
        bind: "127.0.0.1:0".to_owned(),
        jwt_secret: SECRET.to_vec(),
        token_ttl_minutes: 3000,
        bcrypt_cost: 4,
        meal_detail_auth: MealDetailAuth::Optional,
        cors_allowed_origins: Vec::new(),
        workers: 1,
        auth_rate_limit_per_minute: 10,
        login_failure_limit: 5,
        trusted_proxies: Vec::new(),
        rate_limit_max_keys: mealplan_http::limits::DEFAULT_MAX_KEYS,
        plan_cache_bytes: 16 << 20,
        chat_model: None,
        pool: Default::default(),
        // As long as a search may run (below): under a loaded run of the
        // whole suite a household week took past the 4.5 s default (503).
        // The deadlines themselves are tested on a process of their own
        // (tests/api/bounded.rs); a slow body keeps its 4 s.
        deadlines: mealplan_http::Deadlines {
            request: std::time::Duration::from_secs(30),
            chat: std::time::Duration::from_secs(30),
            ..Default::default()
        },
        metrics: Default::default(),
        access_log: Default::default(),
        public_base_url: None,
        mail: None,
        password_reset: Default::default(),
        // Tests run side by side on two cores: a search is never cut
        // short by its budget here (tests/api/bounded.rs sets its own).
        plan_searches: mealplan_app::SearchLimits {
            queue_wait: std::time::Duration::from_secs(10),
            budget: std::time::Duration::from_secs(30),
            ..mealplan_app::SearchLimits::per_core()
        },
    }
}

/// A running service and a client for it.
pub struct TestApp {
    pub address: String,
    pub client: awc::Client,
    pub db: std::rc::Rc<TestDb>,
}

/// A response, with the body parsed as JSON when it is JSON.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: awc::http::header::HeaderMap,
    pub text: String,
    pub json: Value,
}

impl Reply {
    /// A header's value as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// Starts the service on a fresh database of `backend`.
pub async fn spawn_app(backend: Backend) -> TestApp {
    let db = std::rc::Rc::new(TestDb::create(backend));
    spawn_app_with(db, settings).await
}

/// Starts (another) service on `db`, with settings adjusted by `adjust`.
pub async fn spawn_app_with(
    db: std::rc::Rc<TestDb>,
    adjust: impl FnOnce(&TestDb) -> Settings,
) -> TestApp {
    let app = Application::build(adjust(&db))
        .await
        .expect("service starts");
    let address = format!("http://{}", app.addr());
    actix_web::rt::spawn(app.into_server());
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .disable_redirects()
        .finish();
    TestApp {
        address,
        client,
        db,
    }
}

impl TestApp {
    /// Sends `method path` with an optional bearer token and raw body.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> Reply {
        let mut request = self
            .client
            .request(method, format!("{}{}", self.address, path));
        if let Some(token) = token {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        for (name, value) in headers {
            request = request.insert_header((*name, *value));
        }
        let mut response = match body {
            Some(body) => request.send_body(body.to_owned()).await,
            None => request.send().await,
        }
        .expect("request is answered");
        let bytes = response.body().limit(16 << 20).await.expect("body is read");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Reply {
            status: response.status().as_u16(),
            headers: response.headers().clone(),
            json: serde_json::from_str(&text).unwrap_or(Value::Null),
            text,
        }
    }

    /// `profile` put for `token`'s account, then a plan generated with
    /// `body` (both must succeed): the plan's answer.
    pub async fn profile_and_plan(&self, token: &str, profile: &Value, body: &Value) -> Reply {
        let reply = self
            .json(Method::PUT, "/api/profile", Some(token), profile)
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let plan = self
            .json(Method::POST, "/api/plan/generate", Some(token), body)
            .await;
        assert_eq!(plan.status, 201, "{}", plan.text);
        plan
    }

    /// A JSON request.
    pub async fn json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Reply {
        self.send(
            method,
            path,
            token,
            &[("content-type", "application/json")],
            Some(&body.to_string()),
        )
        .await
    }

    /// `GET path` with an optional token.
    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(Method::GET, path, token, &[], None).await
    }

    /// Registers a user and returns the reply.
    pub async fn register(&self, name: &str, email: &str, password: &str) -> Reply {
        self.json(
            Method::POST,
            "/auth/register",
            None,
            &serde_json::json!({"name": name, "email": email, "password": password}),
        )
        .await
    }

    /// Registers a user and returns their token.
    pub async fn token_for(&self, email: &str) -> String {
        let reply = self.register("Test User", email, "password123").await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        reply.json["access_token"]
            .as_str()
            .expect("token")
            .to_owned()
    }
}

/// Whether a recipe as the API shows it has an ingredient that contains or
/// may contain one of `allergens`, by the shipped taxonomy.
pub fn has_allergen(recipe: &Value, allergens: &[mealplan_domain::Allergen]) -> bool {
    let t = mealplan_domain::Taxonomy::standard();
    recipe["ingredients"]
        .as_str()
        .unwrap()
        .split(", ")
        .any(|name| {
            let contains = t
                .allergens_of(name)
                .unwrap_or_else(|| panic!("unknown ingredient {name}"));
            let may = t.may_contain_of(name).unwrap();
            contains.iter().chain(may).any(|a| allergens.contains(a))
        })
}

/// Peanuts and tree nuts: what `nut allergy` excludes.
pub const NUTS: &[mealplan_domain::Allergen] = &[
    mealplan_domain::Allergen::Peanut,
    mealplan_domain::Allergen::TreeNut,
];

/// Custom restrictions naming every ingredient of the catalogue: a profile
/// with these can be served nothing.
pub fn restrictions_banning_everything() -> Vec<String> {
    let table = mealplan_catalogue::IngredientTable::shipped().unwrap();
    let mut names: Vec<String> = table.names().map(|n| format!("{n} allergy")).collect();
    names.sort();
    names
}

/// The keys of a recipe in the spec (2.5), in its order.
pub const RECIPE_SPEC_KEYS: [&str; 12] = [
    "id",
    "name",
    "calories",
    "protein",
    "carbs",
    "fat",
    "image_url",
    "recipe_url",
    "recipe_id",
    "ingredients",
    "meal_types",
    "diet_types",
];
