//! The HTTP edge of mealplan: routes, request validation, error bodies,
//! CORS and the OpenAPI document. This is the only crate that knows
//! actix-web and JSON; handlers call use cases from `mealplan-app`. It also
//! speaks JSON over HTTP outbound, to a chat-completions model server
//! ([`OpenAiChatModel`]).

pub mod auth;
pub mod chat_model;
pub mod edge;
pub mod error;
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
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::AppConfig;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::{self, Condition, DefaultHeaders};
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
    Endpoint, accounts, chat, fit, lifecycle, meals, menus, meta, pages, plans, profile, recipes,
    shopping,
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
    cfg.service(
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
    .service(
        Endpoint::at(&["/api/profile"])
            .on(M::GET, profile::get_profile)
            .on(M::PUT, profile::upsert_profile)
            .build(),
    )
    .service(
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
    .service(Endpoint::at(&["/api/chat"]).on(M::POST, chat::chat).build())
    .service(
        Endpoint::at(&["/api/meal_type"])
            .on(M::GET, profile::meal_types_list)
            .build(),
    )
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

/// One log line per request: method, path (never the query string, which
/// may hold a token), status and duration; server errors at `error`,
/// client errors at `info`, the rest at `info` or `debug` ([`AccessLog`]).
/// Every request is counted and timed in the metrics.
async fn access_log(
    req: ServiceRequest,
    next: middleware::Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = std::time::Instant::now();
    let all = req
        .app_data::<web::Data<AccessLog>>()
        .is_some_and(|a| *a.get_ref() == AccessLog::All);
    let response = next.call(req).await?;
    let status = response.status().as_u16();
    let seconds = started.elapsed().as_secs_f64();
    let ms = seconds * 1000.0;
    let request = response.request();
    let method = request.method().as_str();
    // Routes by their pattern, so ids do not multiply the series.
    let route = request.match_pattern();
    metrics::record_request(
        route.as_deref().unwrap_or("unmatched"),
        method,
        status,
        seconds,
    );
    let path = request.path();
    if status >= 500 {
        tracing::error!(method, path, status, ms, "request");
    } else if status >= 400 || all {
        tracing::info!(method, path, status, ms, "request");
    } else {
        tracing::debug!(method, path, status, ms, "request");
    }
    Ok(response)
}

/// Error answers made outside the handlers (CORS refusals, framework
/// defaults) become `{"detail": …}` like every other error.
async fn json_errors(
    req: ServiceRequest,
    next: middleware::Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let response = next.call(req).await?;
    let status = response.status();
    // JSON errors pass as they are, and so do the HTML pages' own (a
    // browser opening an unknown recipe page gets a page, not JSON).
    let is_json_or_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if status.as_u16() < 400 || is_json_or_page {
        return Ok(response.map_into_boxed_body());
    }
    let (req, response) = response.into_parts();
    let (head, body) = response.into_parts();
    let bytes = actix_web::body::to_bytes(body).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_owned();
    let detail = if text.is_empty() {
        status.canonical_reason().unwrap_or("Error").to_owned()
    } else {
        text
    };
    let mut json = HttpResponse::build(status);
    for (name, value) in head.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            json.append_header((name.clone(), value.clone()));
        }
    }
    let json = json.json(error::ErrorBody { detail });
    Ok(ServiceResponse::new(req, json))
}

/// Answers 503 `{"detail": "Service unavailable"}` (with `Retry-After`)
/// when a request outlives its deadline; the work it started is dropped or
/// finishes in the background, and nothing was acknowledged.
async fn deadline(
    req: ServiceRequest,
    next: middleware::Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let limits = req
        .app_data::<web::Data<Deadlines>>()
        .map(|d| *d.get_ref())
        .unwrap_or_default();
    let limit = if req.path().trim_end_matches('/').ends_with("/api/chat") {
        limits.chat
    } else {
        limits.request
    };
    let method = req.method().clone();
    let path = req.path().to_owned();
    match actix_web::rt::time::timeout(limit, next.call(req)).await {
        Ok(response) => response.map(ServiceResponse::map_into_boxed_body),
        Err(_) => {
            tracing::warn!(%method, %path, ms = limit.as_millis() as u64, "request deadline passed");
            // The request was moved into the dropped call: answer through
            // the error path, which renders `ApiError`'s own body.
            Err(ApiError::Unavailable.into())
        }
    }
}

/// Responses to requests that carry credentials must not be cached by
/// browsers or proxies.
async fn no_store_when_authenticated(
    req: ServiceRequest,
    next: middleware::Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let authenticated = req.headers().contains_key(header::AUTHORIZATION);
    let mut response = next.call(req).await?;
    if authenticated {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
    }
    Ok(response)
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
            .wrap(middleware::from_fn(deadline))
            .wrap(middleware::from_fn(json_errors))
            .wrap(DefaultHeaders::new().add((header::X_CONTENT_TYPE_OPTIONS, "nosniff")))
            .wrap(middleware::from_fn(no_store_when_authenticated))
            .wrap(middleware::from_fn(access_log))
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
