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
pub mod recipe_import;
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
use mealplan_app::{
    Accounts, Export, Household, Meals, Menus, OwnRecipes, Pantry, PasswordResets, Planner, Plans,
    Profiles, Recipes, Renditions, Shopping,
};
use mealplan_assistant::Chat;
use mealplan_ports::{HealthProbe, RateLimitStore};
use utoipa_swagger_ui::SwaggerUi;

pub use actix_web::dev::{Server, ServerHandle};
pub use auth::MealDetailAuth;
pub use chat_model::{ChatModelConfig, OpenAiChatModel};
pub use error::ApiError;
pub use limits::RateLimitOptions;
pub use metrics::MetricsAccess;

use routes::{
    Alias, Endpoints, accounts, chat, fit, household, lifecycle, meals, menus, meta, own_recipes,
    pages, pantry, plans, plate, profile, recipes, reset, reset_page, shopping,
};

/// The use cases handlers call, shared by every worker.
pub struct AppState {
    /// Sign-up, login, authentication.
    pub accounts: Accounts,
    /// Password reset links.
    pub resets: PasswordResets,
    /// Profiles and the preference lists.
    pub profiles: Profiles,
    /// The recipe catalogue.
    pub recipes: Recipes,
    /// People's own recipes.
    pub own_recipes: OwnRecipes,
    /// What people have at home.
    pub pantry: Pantry,
    /// Plans as stored: create, read, summary, fit.
    pub plans: Plans,
    /// One meal of a plan: read, swap, tick off, alternatives.
    pub meals: Meals,
    /// Generating and re-balancing plans.
    pub planner: Planner,
    /// The shopping list.
    pub shopping: Shopping,
    /// The original's daily-menu routes.
    pub menus: Menus,
    /// Household members.
    pub household: Household,
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
    /// The JSON of users' current plans as last rendered, served while
    /// the plan's revision says it still holds.
    pub plan_answers: Arc<Renditions<web::Bytes>>,
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

/// Every API operation, in match order: the most requested ones (the
/// public lists, the profile) first, so they are found after the fewest
/// attempts. Each path and method is written once, in the handler's
/// `#[utoipa::path]`; the routes and the OpenAPI document are built from
/// this list.
pub fn endpoints() -> Endpoints {
    use Alias::{UnderApi, WithoutApi};
    Endpoints::default()
        .add(profile::__path_diet_types_list, profile::diet_types_list)
        .add(
            profile::__path_restrictions_list,
            profile::restrictions_list,
        )
        .add(profile::__path_tastes_list, profile::tastes_list)
        .add(profile::__path_meal_types_list, profile::meal_types_list)
        .add(profile::__path_get_profile, profile::get_profile)
        .add(profile::__path_upsert_profile, profile::upsert_profile)
        .add_at(accounts::__path_register, accounts::register, UnderApi)
        .add_at(accounts::__path_login, accounts::login, UnderApi)
        .add_at(accounts::__path_me, accounts::me, UnderApi)
        .add_at(
            lifecycle::__path_delete_account,
            lifecycle::delete_account,
            UnderApi,
        )
        .add_at(lifecycle::__path_export, lifecycle::export, UnderApi)
        .add_at(lifecycle::__path_logout, lifecycle::logout, UnderApi)
        .add_at(
            lifecycle::__path_logout_all,
            lifecycle::logout_all,
            UnderApi,
        )
        .add_at(
            lifecycle::__path_change_password,
            lifecycle::change_password,
            UnderApi,
        )
        .add(accounts::__path_check_token, accounts::check_token)
        .add_at(reset::__path_request_reset, reset::request_reset, UnderApi)
        .add_at(reset::__path_confirm_reset, reset::confirm_reset, UnderApi)
        .add(
            reset_page::__path_get_reset_page,
            reset_page::get_reset_page,
        )
        .add(
            reset_page::__path_post_reset_form,
            reset_page::post_reset_form,
        )
        .add(household::__path_add_member, household::add_member)
        .add(household::__path_list_members, household::list_members)
        .add(household::__path_get_member, household::get_member)
        .add(household::__path_replace_member, household::replace_member)
        .add(household::__path_remove_member, household::remove_member)
        .add(chat::__path_chat, chat::chat)
        .add(recipes::__path_list_recipes, recipes::list_recipes)
        .add(recipes::__path_get_recipe, recipes::get_recipe)
        .add(own_recipes::__path_add_recipes, own_recipes::add_recipes)
        .add(own_recipes::__path_edit_recipe, own_recipes::edit_recipe)
        .add(
            own_recipes::__path_delete_recipe,
            own_recipes::delete_recipe,
        )
        .add(
            own_recipes::__path_recipe_json_ld,
            own_recipes::recipe_json_ld,
        )
        .add(plans::__path_create_plan, plans::create_plan)
        .add(plans::__path_generate_plan, plans::generate_plan)
        .add(plans::__path_current_plan, plans::current_plan)
        .add(fit::__path_rebalance_plan, fit::rebalance_plan)
        .add(plans::__path_plan_summary, plans::plan_summary)
        .add(shopping::__path_shopping_list, shopping::shopping_list)
        .add(pantry::__path_get_pantry, pantry::get_pantry)
        .add(pantry::__path_put_pantry, pantry::put_pantry)
        .add_at(meals::__path_get_meal, meals::get_meal, UnderApi)
        .add_at(meals::__path_swap_meal, meals::swap_meal, UnderApi)
        .add_at(
            meals::__path_set_meal_status,
            meals::set_meal_status,
            UnderApi,
        )
        .add_at(
            meals::__path_meal_alternatives,
            meals::meal_alternatives,
            UnderApi,
        )
        .add_at(
            menus::__path_create_meal_detail,
            menus::create_meal_detail,
            UnderApi,
        )
        .add_at(
            menus::__path_create_daily_menu,
            menus::create_daily_menu,
            WithoutApi,
        )
        .add_at(
            menus::__path_get_daily_menu,
            menus::get_daily_menu,
            WithoutApi,
        )
        .add(recipes::__path_similar_recipe, recipes::similar_recipe)
        .add(pages::__path_get_recipe_page, pages::get_recipe_page)
        .add(plate::__path_get_plate, plate::get_plate)
        .add(meta::__path_health, meta::health)
        .add(meta::__path_ready, meta::ready)
}

/// Where Prometheus metrics answer (not part of the API document).
pub const METRICS_PATH: &str = "/metrics";

/// Registers every API route, and `/metrics`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints().configure(cfg);
    for path in [METRICS_PATH.to_owned(), format!("{METRICS_PATH}/")] {
        cfg.service(
            web::resource(path)
                .route(web::get().to(metrics::metrics_endpoint))
                .default_service(web::to(|| async {
                    Err::<&str, _>(ApiError::MethodNotAllowed("GET".into()))
                })),
        );
    }
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
    let openapi = openapi::document();
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
            // A client that closes its side of the connection has gone:
            // its request's future is dropped, which stops a plan search
            // it started (HTTP clients never half-close after a request).
            .h1_allow_half_closed(false)
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
                .route(METRICS_PATH, web::get().to(metrics::metrics_endpoint))
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
