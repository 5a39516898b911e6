//! Cost flat as data grows, whatever the statistics (issue 36, item 7):
//! with more than 10,000 rows in every big table and no `ANALYZE` since
//! they grew, the hot request paths answer as usual, and on PostgreSQL
//! none of them scans a table of more than 10,000 rows from end to end
//! (`pg_stat_user_tables.seq_scan`, before and after).
//!
//! The rows are copies, made by bulk SQL, of what the API made for two
//! template accounts (one person with a plan; a household with a member
//! and a shared plan), so they have the shapes the API gives them. The
//! mix runs many times, so that PostgreSQL has planned each prepared
//! statement more than five times and may have moved it to a generic
//! plan. On SQLite the same mix must answer within its deadlines (a
//! whole-table scan of the meals takes seconds there).
//!
//! `MEALPLAN_TEST_EXPLAIN=1` writes the plan of every statement on the
//! test's PostgreSQL database to the server's log, to find the statement
//! behind a scan.

use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::Method;
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl, SqliteConnection};
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, TestDb, settings, spawn_app, spawn_app_with};

crate::on_both_backends!(
    hot_paths_stay_index_probes_as_tables_grow_without_statistics,
    start_up_gathers_statistics_where_they_are_missing_or_stale,
);

/// Accounts copied from each template: every big table ends up with more
/// than [`BIG`] rows.
const COPIES: i64 = 10_500;
/// A table with more rows than this must never be scanned whole on a
/// request path.
const BIG: i64 = 10_000;
/// Rounds of the request mix (more than PostgreSQL's five custom plans).
const ROUNDS: usize = 8;

/// A connection of the test's own to its database, for the filler and
/// the statistics.
enum Sql {
    Pg(PgConnection),
    Lite(SqliteConnection),
}

/// Where the test database is, to be opened on another thread.
#[derive(Debug, Clone)]
enum Place {
    Pg(String),
    Lite(String),
}

impl Place {
    fn of(db: &TestDb) -> Self {
        match db {
            TestDb::Sqlite(dir) => Self::Lite(dir.path().join("test.db").to_string_lossy().into()),
            TestDb::Postgres { .. } => Self::Pg(db.url()),
        }
    }
}

#[derive(QueryableByName)]
struct Text {
    #[diesel(sql_type = diesel::sql_types::Text)]
    t: String,
}

#[derive(QueryableByName, Debug, Clone, PartialEq)]
struct TableStat {
    #[diesel(sql_type = diesel::sql_types::Text)]
    relname: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    seq_scan: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n_live_tup: i64,
}

impl Sql {
    fn open(db: &TestDb) -> Self {
        Self::connect(&Place::of(db))
    }

    fn connect(place: &Place) -> Self {
        match place {
            Place::Lite(path) => {
                Self::Lite(SqliteConnection::establish(path).expect("open sqlite"))
            }
            Place::Pg(url) => Self::Pg(PgConnection::establish(url).expect("open postgres")),
        }
    }

    fn execute(&mut self, sql: &str) {
        match self {
            Self::Pg(c) => c.batch_execute(sql),
            Self::Lite(c) => c.batch_execute(sql),
        }
        .unwrap_or_else(|e| panic!("{e}: {sql}"));
    }

    /// The column `t` of every row `sql` selects.
    fn texts(&mut self, sql: &str) -> Vec<String> {
        let rows: Vec<Text> = match self {
            Self::Pg(c) => diesel::sql_query(sql).load(c),
            Self::Lite(c) => diesel::sql_query(sql).load(c),
        }
        .unwrap_or_else(|e| panic!("{e}: {sql}"));
        rows.into_iter().map(|r| r.t).collect()
    }

    /// The one integer `sql` selects (as text in column `t`).
    fn int(&mut self, sql: &str) -> i64 {
        self.texts(sql)[0].parse().expect("an integer")
    }

    /// `table`'s columns, in order.
    fn columns(&mut self, table: &str) -> Vec<String> {
        let sql = match self {
            Self::Pg(_) => format!(
                "SELECT column_name::text AS t FROM information_schema.columns \
                 WHERE table_schema = 'public' AND table_name = '{table}' ORDER BY ordinal_position"
            ),
            Self::Lite(_) => {
                format!("SELECT name AS t FROM pragma_table_info('{table}') ORDER BY cid")
            }
        };
        self.texts(&sql)
    }

    /// Copies rows of `table` (aliased `t` in `from`): every column as it
    /// is but `id` (a new one) and those `set` gives an expression for.
    fn copy(&mut self, table: &str, set: &[(&str, &str)], from: &str) {
        let (mut names, mut values) = (Vec::new(), Vec::new());
        for column in self.columns(table) {
            if column == "id" {
                continue;
            }
            let value = set
                .iter()
                .find(|(c, _)| *c == column)
                .map_or_else(|| format!("t.{column}"), |(_, v)| (*v).to_owned());
            values.push(value);
            names.push(column);
        }
        assert!(!names.is_empty(), "no columns for {table}");
        self.execute(&format!(
            "INSERT INTO {table} ({}) SELECT {} {from}",
            names.join(", "),
            values.join(", ")
        ));
    }
}

/// The ids a template account left: its user and its active plan.
struct Template {
    user: i64,
    plan: i64,
}

/// Fills every big table with copies of the two templates' rows: one
/// account per copy, each with a profile, a household member, the person
/// template's plan as its active plan and the household template's as an
/// old one (with its shared meals' portions), and one revoked token.
fn fill(sql: &mut Sql, person: &Template, household: &Template) {
    // The copies are the users after the templates (a range of the
    // primary key: the planner, without statistics, takes it for a third
    // of the table and hashes the joins, where it takes a `LIKE` for a
    // few rows and loops).
    let last = person.user.max(household.user);
    let filler = format!("JOIN users u ON u.id > {last}");
    sql.copy(
        "users",
        &[
            ("email", "'filler-' || g.n || '@example.com'"),
            ("name", "'Filler'"),
        ],
        &format!(
            "FROM users t, (WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s \
             WHERE n < {COPIES}) SELECT n FROM s) g WHERE t.id = {}",
            person.user
        ),
    );
    sql.copy(
        "profiles",
        &[("user_id", "u.id")],
        &format!("FROM profiles t {filler} WHERE t.user_id = {}", person.user),
    );
    // Household members are rows of `profiles` with a name (the holder's
    // has none).
    sql.copy(
        "profiles",
        &[("user_id", "u.id")],
        &format!(
            "FROM profiles t {filler} WHERE t.user_id = {} AND t.name IS NOT NULL",
            household.user
        ),
    );
    // Each copy's active plan is the person's, its old plan the
    // household's.
    for (template, active) in [(person.plan, 1), (household.plan, 0)] {
        let copies = format!(
            "FROM plans p JOIN users u ON u.id = p.user_id AND u.id > {last} \
             AND p.active = {active}"
        );
        sql.copy(
            "plans",
            &[("user_id", "u.id"), ("active", &active.to_string())],
            &format!("FROM plans t {filler} WHERE t.id = {template}"),
        );
        sql.copy(
            "daily_menus",
            &[("plan_id", "p.id")],
            &format!("{copies} JOIN daily_menus t ON t.plan_id = {template}"),
        );
        sql.copy(
            "meal_details",
            &[("daily_menu_id", "d.id")],
            &format!(
                "{copies} JOIN daily_menus d ON d.plan_id = p.id \
                 JOIN daily_menus td ON td.plan_id = {template} AND td.day_of_week = d.day_of_week \
                 JOIN meal_details t ON t.daily_menu_id = td.id"
            ),
        );
        sql.copy(
            "meal_portions",
            &[
                ("meal_detail_id", "m.id"),
                (
                    "member_id",
                    "CASE WHEN t.member_id IS NULL THEN NULL ELSE hm.id END",
                ),
            ],
            &format!(
                "{copies} JOIN household_members hm ON hm.user_id = u.id \
                 JOIN daily_menus d ON d.plan_id = p.id \
                 JOIN meal_details m ON m.daily_menu_id = d.id \
                 JOIN daily_menus td ON td.plan_id = {template} AND td.day_of_week = d.day_of_week \
                 JOIN meal_details tm ON tm.daily_menu_id = td.id AND tm.schedule = m.schedule \
                 JOIN meal_portions t ON t.meal_detail_id = tm.id"
            ),
        );
    }
    sql.execute(&format!(
        "INSERT INTO revoked_tokens (jti, user_id, expires_at) \
         SELECT 'filler-' || u.id, u.id, '2100-01-01 00:00:00' FROM users u WHERE u.id > {last}"
    ));
}

/// Every table's sequential scans and live rows (PostgreSQL's counters).
fn table_stats(sql: &mut Sql) -> Vec<TableStat> {
    let Sql::Pg(c) = sql else {
        return Vec::new();
    };
    diesel::sql_query(
        "SELECT relname::text AS relname, COALESCE(seq_scan, 0) AS seq_scan, \
         COALESCE(n_live_tup, 0) AS n_live_tup FROM pg_stat_user_tables ORDER BY relname",
    )
    .load(c)
    .expect("statistics read")
}

/// The tables PostgreSQL never analyzed or that changed a lot since: what
/// the planner knows no statistics of (checked, so that the test measures
/// what it claims to).
fn unanalyzed_big_tables(sql: &mut Sql) -> Vec<String> {
    sql.texts(&format!(
        "SELECT relname::text AS t FROM pg_stat_user_tables WHERE n_live_tup > {BIG} \
         AND (COALESCE(last_analyze, last_autoanalyze) IS NULL OR n_mod_since_analyze > {BIG}) \
         ORDER BY relname"
    ))
}

/// A reply that succeeded, its body.
fn ok(reply: Reply, what: &str) -> Value {
    assert!(
        reply.status < 300,
        "{what}: {} {}",
        reply.status,
        reply.text
    );
    reply.json
}

fn profile() -> Value {
    json!({
        "goal": "maintain_weight", "height": 178, "weight": 76, "body_type": "normal",
        "gender": "male", "meals_per_day": 4, "activity_level": "medium",
        "birth_date": "1990-04-01",
    })
}

/// An account with a profile and, by `generate`, an active plan.
async fn template(app: &TestApp, email: &str, generate: Value, member: bool) -> (String, Template) {
    let token = app.token_for(email).await;
    ok(
        app.json(Method::PUT, "/api/profile", Some(&token), &profile())
            .await,
        "profile",
    );
    if member {
        let body = json!({
            "name": "Ana", "goal": "maintain_weight", "height": 150, "weight": 45,
            "body_type": "lean", "gender": "female", "meals_per_day": 4,
            "activity_level": "high", "birth_date": "2006-03-04",
        });
        ok(
            app.json(Method::POST, "/api/household/members", Some(&token), &body)
                .await,
            "member",
        );
    }
    let plan = ok(
        app.json(Method::POST, "/api/plan/generate", Some(&token), &generate)
            .await,
        "generate",
    );
    let user = app.db.count(&format!(
        "SELECT id AS n FROM users WHERE email = '{email}'"
    ));
    let plan = plan["id"].as_i64().expect("plan id");
    (token, Template { user, plan })
}

/// The ids of a plan's meals, in order.
fn meal_ids(plan: &Value) -> Vec<i64> {
    plan["daily_menus"]
        .as_array()
        .expect("days")
        .iter()
        .flat_map(|d| d["meal_details"].as_array().expect("meals"))
        .map(|m| m["id"].as_i64().expect("meal id"))
        .collect()
}

/// One round of the hot requests, by the person (`token`) and the
/// household's holder (`house`); `stranger`: a meal of someone else's.
async fn round(app: &TestApp, token: &str, house: &str, stranger: i64, i: usize) {
    let get = |path: &'static str, token: &str| {
        let token = token.to_owned();
        async move { ok(app.get(path, Some(&token)).await, path) }
    };
    ok(
        app.json(Method::PUT, "/api/profile", Some(token), &profile())
            .await,
        "PUT profile",
    );
    get("/api/profile", token).await;
    let plan = if i.is_multiple_of(3) {
        ok(
            app.json(
                Method::POST,
                "/api/plan/generate",
                Some(token),
                &json!({"days": 3, "seed": i}),
            )
            .await,
            "generate",
        )
    } else {
        get("/api/plan/current", token).await
    };
    let meals = meal_ids(&plan);
    let status = i % 2;
    // One change alone, with a token and without.
    ok(
        app.send(
            Method::PUT,
            &format!("/meal-detail/{}/status?status={status}", meals[0]),
            Some(token),
            &[],
            None,
        )
        .await,
        "status with a token",
    );
    ok(
        app.send(
            Method::PUT,
            &format!("/meal-detail/{}/status?status={status}", meals[1]),
            None,
            &[],
            None,
        )
        .await,
        "status without a token",
    );
    // Several at once: one batch on PostgreSQL.
    let changes = meals.iter().skip(2).take(6).map(|m| {
        let path = format!("/meal-detail/{m}/status?status={status}");
        async move { app.send(Method::PUT, &path, Some(token), &[], None).await }
    });
    for reply in futures_util::future::join_all(changes).await {
        ok(reply, "status in a batch");
    }
    // Someone else's meal: refused by the batch, then said why alone.
    let refused = app
        .send(
            Method::PUT,
            &format!("/meal-detail/{stranger}/status?status=1"),
            Some(token),
            &[],
            None,
        )
        .await;
    assert_eq!(refused.status, 404, "{}", refused.text);
    get("/api/plan/current", token).await;
    get("/api/plan/current/summary", token).await;
    get("/api/plan/current", house).await;
    get("/api/plan/current/summary", house).await;
    // A swap to the first alternative, and a suggestion.
    let meal = meals[meals.len() - 1];
    let alternatives = ok(
        app.get(&format!("/meal-detail/{meal}/alternatives"), Some(token))
            .await,
        "alternatives",
    );
    let recipe = alternatives[0]["recipe"]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("an alternative: {alternatives}"));
    ok(
        app.send(
            Method::PUT,
            &format!("/meal-detail/{meal}?recipe_id={recipe}"),
            Some(token),
            &[],
            None,
        )
        .await,
        "swap",
    );
    ok(
        app.send(
            Method::POST,
            &format!("/api/ml/swap-recipe?recipe_id={recipe}&meal_label=lunch"),
            Some(token),
            &[],
            None,
        )
        .await,
        "swap-recipe",
    );
    ok(
        app.json(
            Method::POST,
            "/api/plan/current/rebalance",
            Some(token),
            &json!({}),
        )
        .await,
        "rebalance",
    );
    let day = plan["daily_menus"][0]["id"].as_i64().expect("day id");
    ok(
        app.get(&format!("/api/daily-menu/{day}"), Some(token))
            .await,
        "daily menu",
    );
}

/// With `MEALPLAN_TEST_EXPLAIN` set, every statement on the PostgreSQL
/// test database has its plan written to the server's log (by
/// `auto_explain`): how a sequential scan this test finds is traced to
/// its statement.
fn explain_into_the_server_log(db: &TestDb) {
    if std::env::var_os("MEALPLAN_TEST_EXPLAIN").is_none() {
        return;
    }
    if let TestDb::Postgres { name, .. } = db {
        db.execute(&format!(
            "ALTER DATABASE {name} SET session_preload_libraries = 'auto_explain'; \
             ALTER DATABASE {name} SET auto_explain.log_min_duration = 0; \
             ALTER DATABASE {name} SET auto_explain.log_nested_statements = on"
        ));
    }
}

async fn hot_paths_stay_index_probes_as_tables_grow_without_statistics(b: Backend) {
    let db = Rc::new(TestDb::create(b));
    explain_into_the_server_log(&db);
    let app = spawn_app_with(db, settings).await;
    let (token, person) = template(
        &app,
        "person@example.com",
        json!({"days": 3, "seed": 1}),
        false,
    )
    .await;
    let (house, household) = template(
        &app,
        "house@example.com",
        json!({"household": true, "days": 1, "seed": 2}),
        true,
    )
    .await;
    let set_up = Instant::now();
    // On a thread of its own: the service keeps answering meanwhile (its
    // idle connections closed as usual, not under the next request).
    let place = Place::of(&app.db);
    let stranger = actix_web::rt::task::spawn_blocking(move || {
        let mut sql = Sql::connect(&place);
        if let Sql::Pg(_) = sql {
            // Whatever the server's setting: nothing analyzes the tables
            // behind the test's back.
            for table in sql.texts("SELECT relname::text AS t FROM pg_stat_user_tables") {
                sql.execute(&format!(
                    "ALTER TABLE {table} SET (autovacuum_enabled = false)"
                ));
            }
        }
        fill(&mut sql, &person, &household);
        for table in [
            "users",
            "profiles",
            "plans",
            "daily_menus",
            "meal_details",
            "meal_portions",
            "household_members",
            "revoked_tokens",
        ] {
            let rows = sql.int(&format!("SELECT CAST(COUNT(*) AS TEXT) AS t FROM {table}"));
            assert!(rows > BIG, "{table} has {rows} rows");
        }
        sql.int(&format!(
            "SELECT CAST(MAX(m.id) AS TEXT) AS t FROM meal_details m \
             JOIN daily_menus d ON d.id = m.daily_menu_id JOIN plans p ON p.id = d.plan_id \
             WHERE p.user_id <> {} AND m.shared = 0",
            person.user
        ))
    })
    .await
    .expect("the tables are filled");
    let before = if b == Backend::Postgres {
        // What the set-up's requests counted must be in before the first
        // snapshot: a server process sends its counts at most once a
        // second, and when it goes idle within that second, ten seconds
        // later. Taken sooner, the snapshot misses the sequential scans
        // the set-up made of the tables while they were small (rightly),
        // and they arrive during the mix, counted against tables that are
        // big by then.
        let pending = Duration::from_secs(11).saturating_sub(set_up.elapsed());
        tokio::time::sleep(pending.max(Duration::from_secs(1))).await;
        let mut fresh = Sql::open(&app.db);
        let big = unanalyzed_big_tables(&mut fresh);
        assert!(big.len() >= 6, "tables without statistics: {big:?}");
        table_stats(&mut fresh)
    } else {
        Vec::new()
    };
    for i in 0..ROUNDS {
        round(&app, &token, &house, stranger, i).await;
    }
    if before.is_empty() {
        return;
    }
    // The service's connections are closed: each process sends its counts
    // as it exits.
    let mut admin = Sql::open(&app.db);
    admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    for _ in 0..100 {
        let others = admin.int(
            "SELECT CAST(COUNT(*) AS TEXT) AS t FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        if others == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(admin);
    let after = table_stats(&mut Sql::open(&app.db));
    let scanned: Vec<String> = after
        .iter()
        .filter_map(|a| {
            let b = before.iter().find(|b| b.relname == a.relname)?;
            let scans = a.seq_scan - b.seq_scan;
            (a.n_live_tup > BIG && scans > 0).then(|| {
                format!(
                    "{} ({} rows): {scans} sequential scans",
                    a.relname, a.n_live_tup
                )
            })
        })
        .collect();
    assert!(
        scanned.is_empty(),
        "big tables scanned on a request path: {scanned:?}"
    );
}

/// A start analyzes the tables never analyzed (PostgreSQL), then those
/// grown a lot since, and nothing else; on SQLite it analyzes nothing
/// (no `sqlite_stat1`: SQLite's planner then favours the indexes).
async fn start_up_gathers_statistics_where_they_are_missing_or_stale(b: Backend) {
    let app = spawn_app(b).await;
    let db = mealplan_adapters::Database::open(&app.db.url(), Default::default())
        .expect("database opens");
    let again = db.analyze_stale_tables().expect("analyze");
    assert_eq!(
        again,
        Vec::<String>::new(),
        "the first start analyzed them all"
    );
    if b == Backend::Sqlite {
        let stats = app
            .db
            .count("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'");
        assert_eq!(stats, 0);
        return;
    }
    let never = app.db.count(
        "SELECT COUNT(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE c.relkind = 'r' AND n.nspname = current_schema() AND c.reltuples < 0",
    );
    assert_eq!(never, 0, "a table without statistics after start-up");
    app.db.execute(
        "INSERT INTO users (name, email, password_hash, created_at, security_stamp) \
         SELECT 'Many', 'many-' || g || '@example.com', 'x', now(), 's' \
         FROM generate_series(1, 2000) g",
    );
    assert_eq!(
        db.analyze_stale_tables().expect("analyze"),
        ["public.users"],
        "only the table that grew"
    );
    assert_eq!(
        db.analyze_stale_tables().expect("analyze"),
        Vec::<String>::new()
    );
}
