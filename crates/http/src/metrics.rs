//! Prometheus metrics: the process-wide recorder and `GET /metrics`.
//!
//! Every crate records through the `metrics` facade (requests here, pool
//! and hashing in the adapters, planning in the use cases); this module
//! installs the one Prometheus recorder and renders its text format.

use std::net::SocketAddr;
use std::sync::OnceLock;

use actix_web::{HttpRequest, HttpResponse};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::error::ApiError;

/// Where `/metrics` is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MetricsAccess {
    /// Not at all.
    Off,
    /// On the API's own address.
    #[default]
    Main,
    /// Only on this separate address (an extra listener of the service).
    Separate(SocketAddr),
}

/// Marks the app of the separate metrics listener.
#[derive(Debug, Clone, Copy)]
pub struct MetricsListener;

/// Latency buckets in seconds: sub-millisecond reads to slow hashing.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// The process's recorder, installed on first use (every service in the
/// process, tests included, shares it).
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .unwrap_or_else(|_| PrometheusBuilder::new());
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        // Another recorder (a host program's) wins; ours then renders empty.
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was already installed; /metrics shows nothing");
        }
        describe();
        handle
    })
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        "http_requests_total",
        "Requests answered, by route pattern, method and status"
    );
    describe_histogram!("http_request_duration_seconds", "Time to answer a request");
    describe_histogram!(
        "db_pool_wait_seconds",
        "Time waited for a pooled database connection"
    );
    describe_counter!(
        "db_pool_timeouts_total",
        "Requests that got no database connection in time"
    );
    describe_gauge!("db_pool_connections", "Open database connections");
    describe_gauge!("db_pool_in_use", "Database connections checked out");
    describe_gauge!(
        "db_pool_max_size",
        "Most database connections the pool opens"
    );
    describe_histogram!("planner_seconds", "Time to plan one request's days");
    describe_gauge!(
        "planner_searches_running",
        "Plan searches computing now (at most PLAN_SEARCHES)"
    );
    describe_counter!(
        "planner_searches_refused_total",
        "Plan searches refused: reason=account (429, one running already) or instance (503, no place within PLAN_QUEUE_WAIT_MS)"
    );
    describe_counter!(
        "planner_searches_cut_short_total",
        "Plan searches that kept the best plan found when their time budget ran out"
    );
    describe_histogram!(
        "password_hash_seconds",
        "bcrypt work per hash or verification"
    );
    describe_histogram!(
        "db_status_batch_size",
        "Meal status changes committed together in one statement (PostgreSQL)"
    );
}

/// The request counter and latency histogram of one route pattern, method
/// and status (the request layer keeps them per worker).
pub fn request_handles(
    route: &str,
    method: &str,
    status: u16,
) -> (metrics::Counter, metrics::Histogram) {
    let labels = [
        ("route", route.to_owned()),
        ("method", method.to_owned()),
        ("status", status.to_string()),
    ];
    (
        metrics::counter!("http_requests_total", &labels),
        metrics::histogram!("http_request_duration_seconds", &labels),
    )
}

/// Prometheus text exposition of every metric of the process.
pub async fn metrics_endpoint(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let access = req
        .app_data::<actix_web::web::Data<MetricsAccess>>()
        .map(|a| *a.get_ref())
        .unwrap_or_default();
    let allowed = match access {
        MetricsAccess::Off => false,
        MetricsAccess::Main => true,
        MetricsAccess::Separate(_) => req
            .app_data::<actix_web::web::Data<MetricsListener>>()
            .is_some(),
    };
    if !allowed {
        return Err(ApiError::route_not_found());
    }
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(handle().render()))
}
