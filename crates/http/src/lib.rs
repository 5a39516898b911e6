//! The HTTP edge of mealplan: routes, request validation, error bodies,
//! CORS and the OpenAPI document. This is the only crate that knows
//! actix-web and JSON; handlers call use cases from `mealplan-app`. It also
//! speaks JSON over HTTP outbound, to a chat-completions model server
//! ([`OpenAiChatModel`]).

pub mod auth;
pub mod chat_model;
pub mod edge;
pub mod error;
pub mod layer;
pub mod limits;
pub mod metrics;
pub mod openapi;
pub mod routes;
pub mod schema;
pub mod validate;

use std::net::TcpListener;
use std::sync::Arc;

use actix_cors::Cors;
use actix_service::{IntoServiceFactory, ServiceFactoryExt, map_config};
use actix_web::dev::AppConfig;
use actix_web::http::{Method, header};
use actix_web::middleware::Condition;
use actix_web::{App, HttpResponse, web};
use mealplan_app::{Accounts, Chat, Export, Plans, Profiles, Recipes};
use mealplan_ports::{HealthProbe, RateLimitStore};
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

pub use actix_web::dev::{Server, ServerHandle};
pub use auth::MealDetailAuth;
pub use chat_model::{ChatModelConfig, OpenAiChatModel};
pub use error::ApiError;
pub use limits::RateLimitOptions;
pub use metrics::MetricsAccess;

use routes::{
    Endpoint, accounts, chat, fit, lifecycle, meals, menus, meta, pages, plans, plate, profile,
    recipes, shopping,
};

/// The use cases handlers call, shared by every worker.
pub struct AppState {
    /// Sign-up, login, authentication.
    pub accounts: Accounts,
    /// Profiles and the preference lists.
    pub profiles: Profiles,
    /// The recipe catalogue.
    pub recipes: Recipes,
    /// Plans and meal details.
    pub plans: Plans,
    /// The nutrition assistant.
    pub chat: Chat,
    /// Copies of a user's data.
    pub export: Export,
    /// Who may touch meal details.
    pub meal_detail_auth: MealDetailAuth,
    /// Database reachability for `/ready`.
    pub health: Arc<dyn HealthProbe>,
    /// The counters of the login and sign-up limits, shared by every
    /// instance on the same database.
    pub rate_limit_store: Arc<dyn RateLimitStore>,
}

/// How long a request may take before it is answered 503, so a hung
/// database never holds a client.
#[derive(Debug, Clone, Copy)]
pub struct Deadlines {
    /// Every request but the chat.
    pub request: std::time::Duration,
    /// The chat, which may wait for a language model first.
    pub chat: std::time::Duration,
    /// Reading a request body (a slow client gets 408).
    pub body: std::time::Duration,
}

impl Default for Deadlines {
    fn default() -> Self {
        Self {
            request: std::time::Duration::from_millis(4500),
            chat: std::time::Duration::from_millis(4500),
            body: std::time::Duration::from_millis(4000),
        }
    }
}

/// Settings of the HTTP layer.
#[derive(Debug, Clone, Default)]
pub struct HttpOptions {
    /// Per-request deadlines.
    pub deadlines: Deadlines,
    /// Exact origins allowed by CORS; empty sends no CORS headers.
    pub cors_allowed_origins: Vec<String>,
    /// Worker threads; 0 means one per core.
    pub workers: usize,
    /// Login and sign-up limits.
    pub rate_limits: RateLimitOptions,
    /// Where `/metrics` answers.
    pub metrics: MetricsAccess,
    /// Which requests are logged at `info`.
    pub access_log: AccessLog,
}

impl HttpOptions {
    fn cors(&self) -> Cors {
        self.cors_allowed_origins
            .iter()
            .fold(Cors::default(), |cors, origin| cors.allowed_origin(origin))
            .allowed_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
            .allowed_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
            .max_age(600)
            .block_on_origin_mismatch(false)
    }
}

/// Registers every API route.
pub fn routes(cfg: &mut web::ServiceConfig) {
    use Method as M;
    // Resources are matched in the order they are registered, each against
    // its list of patterns: the most requested ones (the public lists, the
    // profile) come first, so they are found after the fewest attempts.
    cfg.service(
        Endpoint::at(&["/api/diet_type"])
            .on(M::GET, profile::diet_types_list)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/restriction"])
            .on(M::GET, profile::restrictions_list)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/taste"])
            .on(M::GET, profile::tastes_list)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/meal_type"])
            .on(M::GET, profile::meal_types_list)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/profile"])
            .on(M::GET, profile::get_profile)
            .on(M::PUT, profile::upsert_profile)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/register", "/api/auth/register"])
            .on(M::POST, accounts::register)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/login", "/api/auth/login"])
            .on(M::POST, accounts::login)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/me", "/api/auth/me"])
            .on(M::GET, accounts::me)
            .on(M::DELETE, lifecycle::delete_account)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/me/export", "/api/auth/me/export"])
            .on(M::GET, lifecycle::export)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/logout", "/api/auth/logout"])
            .on(M::POST, lifecycle::logout)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/logout-all", "/api/auth/logout-all"])
            .on(M::POST, lifecycle::logout_all)
            .build(),
    )
    .service(
        Endpoint::at(&["/auth/password", "/api/auth/password"])
            .on(M::PUT, lifecycle::change_password)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/auth"])
            .on(M::GET, accounts::check_token)
            .build(),
    )
    .service(Endpoint::at(&["/api/chat"]).on(M::POST, chat::chat).build())
    .service(
        Endpoint::at(&["/api/recipes"])
            .on(M::GET, recipes::list_recipes)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/recipes/{recipe_id}"])
            .on(M::GET, recipes::get_recipe)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/plan"])
            .on(M::POST, plans::create_plan)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/plan/generate"])
            .on(M::POST, plans::generate_plan)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/plan/current"])
            .on(M::GET, plans::current_plan)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/plan/current/rebalance"])
            .on(M::POST, fit::rebalance_plan)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/plan/current/summary"])
            .on(M::GET, plans::plan_summary)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/plan/current/shopping-list"])
            .on(M::GET, shopping::shopping_list)
            .build(),
    )
    .service(
        Endpoint::at(&[
            "/meal-detail/{meal_detail_id}",
            "/api/meal-detail/{meal_detail_id}",
        ])
        .on(M::GET, meals::get_meal)
        .on(M::PUT, meals::swap_meal)
        .build(),
    )
    .service(
        Endpoint::at(&[
            "/meal-detail/{meal_detail_id}/status",
            "/api/meal-detail/{meal_detail_id}/status",
        ])
        .on(M::PUT, meals::set_meal_status)
        .build(),
    )
    .service(
        Endpoint::at(&[
            "/meal-detail/{meal_detail_id}/alternatives",
            "/api/meal-detail/{meal_detail_id}/alternatives",
        ])
        .on(M::GET, meals::meal_alternatives)
        .build(),
    )
    .service(
        Endpoint::at(&["/meal-detail", "/api/meal-detail"])
            .on(M::POST, menus::create_meal_detail)
            .build(),
    )
    .service(
        Endpoint::at(&["/api/daily-menu", "/daily-menu"])
            .on(M::POST, menus::create_daily_menu)
            .build(),
    )
    .service(
        Endpoint::at(&[
            "/api/daily-menu/{daily_menu_id}",
            "/daily-menu/{daily_menu_id}",
        ])
        .on(M::GET, menus::get_daily_menu)
        .build(),
    )
    .service(
        Endpoint::at(&["/api/ml/swap-recipe"])
            .on(M::POST, recipes::similar_recipe)
            .build(),
    )
    .service(
        Endpoint::at(&["/metrics"])
            .on(M::GET, metrics::metrics_endpoint)
            .build(),
    )
    .service(
        Endpoint::at(&["/recipes/{recipe_id}"])
            .on(M::GET, pages::get_recipe_page)
            .build(),
    )
    .service(
        Endpoint::at(&["/recipes/{recipe_id}/plate.svg"])
            .on(M::GET, plate::get_plate)
            .build(),
    )
    .service(Endpoint::at(&["/health"]).on(M::GET, meta::health).build())
    .service(Endpoint::at(&["/ready"]).on(M::GET, meta::ready).build());
}

/// Which requests get an access log line at `info`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AccessLog {
    /// Every request.
    All,
    /// Requests answered 4xx or 5xx; the others at `debug` (counts and
    /// latencies of every request are in `/metrics`).
    #[default]
    Errors,
}

/// Starts serving on `listener`; the returned future runs until shutdown
/// (SIGINT/SIGTERM stop accepting, finish in-flight requests, then end).
///
/// This is what `actix_web::HttpServer` does, with each connection passed
/// through [`edge::connections`] so that refusals made by the HTTP/1 parser
/// answer JSON and are logged within a limit. A request head must arrive
/// within the body read timeout (else 408).
pub fn serve(
    listener: TcpListener,
    state: AppState,
    options: HttpOptions,
) -> std::io::Result<Server> {
    let limits = web::Data::new(limits::RateLimits::new(
        &options.rate_limits,
        state.rate_limit_store.clone(),
    ));
    let state = web::Data::new(state);
    let deadlines = web::Data::new(options.deadlines);
    let prepared = web::Data::new(routes::profile::PreparedLists::default());
    let separate_metrics = match options.metrics {
        MetricsAccess::Separate(addr) => Some(addr),
        _ => None,
    };
    let metrics_access = web::Data::new(options.metrics);
    let access_log_level = web::Data::new(options.access_log);
    if options.metrics != MetricsAccess::Off {
        metrics::handle();
    }
    let openapi = openapi::ApiDoc::openapi();
    let workers = options.workers;
    let addr = listener.local_addr()?;
    let refusals = Arc::new(edge::RefusalLog::default());
    let metrics_refusals = refusals.clone();
    let mut builder = actix_server::Server::build();
    let shutdown = builder.graceful_shutdown_signal();
    let head_timeout = options.deadlines.body;
    let factory = move || {
        let app = App::new()
            .app_data(state.clone())
            .app_data(limits.clone())
            .app_data(deadlines.clone())
            .app_data(prepared.clone())
            .app_data(metrics_access.clone())
            .app_data(access_log_level.clone())
            .wrap(Condition::new(
                !options.cors_allowed_origins.is_empty(),
                options.cors(),
            ))
            .wrap(layer::Layer {
                deadlines: options.deadlines,
                access_log: options.access_log,
                metrics: options.metrics != MetricsAccess::Off,
            })
            .configure(routes)
            .service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", openapi.clone()))
            .service(web::resource("/docs").to(|| async {
                HttpResponse::PermanentRedirect()
                    .insert_header((header::LOCATION, "/docs/"))
                    .finish()
            }))
            .default_service(web::to(meta::not_found));
        let app = app
            .into_factory()
            .map_err(|e: actix_web::Error| e.error_response());
        let shutdown = shutdown.clone();
        let http = actix_http::HttpService::build()
            // Keep-alive connections close as soon as shutdown starts.
            .graceful_shutdown_signal(move || {
                let shutdown = shutdown.clone();
                async move { shutdown.notified().await }
            })
            .client_request_timeout(head_timeout)
            .client_disconnect_timeout(std::time::Duration::from_secs(1))
            .local_addr(addr)
            .h1(map_config(app, |()| AppConfig::default()));
        edge::connections(http, refusals.clone())
    };
    if workers > 0 {
        builder = builder.workers(workers);
    }
    builder = builder.listen("mealplan", listener, factory)?;
    if let Some(metrics_addr) = separate_metrics {
        // A listener of its own that answers `/metrics` only.
        let listener = TcpListener::bind(metrics_addr)?;
        let local = listener.local_addr()?;
        let refusals = metrics_refusals;
        let factory = move || {
            let app = App::new()
                .app_data(web::Data::new(MetricsAccess::Separate(local)))
                .app_data(web::Data::new(metrics::MetricsListener))
                .route("/metrics", web::get().to(metrics::metrics_endpoint))
                .default_service(web::to(meta::not_found))
                .into_factory()
                .map_err(|e: actix_web::Error| e.error_response());
            let http = actix_http::HttpService::build()
                .client_request_timeout(head_timeout)
                .client_disconnect_timeout(std::time::Duration::from_secs(1))
                .local_addr(local)
                .h1(map_config(app, |()| AppConfig::default()));
            edge::connections(http, refusals.clone())
        };
        builder = builder.listen("metrics", listener, factory)?;
    }
    Ok(builder.run())
}
