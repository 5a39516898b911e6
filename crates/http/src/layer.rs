//! What every request passes through, as one middleware: the deadline
//! (503), JSON error bodies for answers made outside the handlers, the
//! `nosniff` and `no-store` headers, the access log and the request
//! metrics.
//!
//! These were five `from_fn` middlewares, each a boxed future and a
//! response pass of its own; the throughput benchmark (`docs/BENCHMARKS.md`)
//! showed the stack costing more than the handler. Here a request costs one
//! boxed future, one timer, and, for the metrics, a lookup in a per-thread
//! table of counter and histogram handles keyed by path, method and status:
//! the route pattern (actix matches the path against every resource again
//! to find it) and the label strings are made only the first time a path
//! is seen on a worker.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::{Ready, ready};
use std::rc::Rc;
use std::time::{Duration, Instant};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::{Method, StatusCode, header};
use actix_web::{HttpRequest, HttpResponse};
use futures_util::future::LocalBoxFuture;

use crate::error::{ApiError, ErrorBody};
use crate::{AccessLog, Deadlines};

/// The middleware; see the module documentation.
#[derive(Debug, Clone, Copy)]
pub struct Layer {
    /// Per-request deadlines.
    pub deadlines: Deadlines,
    /// Which requests are logged at `info`.
    pub access_log: AccessLog,
    /// Whether requests are counted and timed.
    pub metrics: bool,
}

impl<S, B> Transform<S, ServiceRequest> for Layer
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    S::Future: 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<BoxBody>;
    type Error = actix_web::Error;
    type Transform = LayerService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(LayerService {
            service,
            layer: *self,
        }))
    }
}

/// [`Layer`] around the app's service.
pub struct LayerService<S> {
    service: S,
    layer: Layer,
}

impl<S, B> Service<ServiceRequest> for LayerService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    S::Future: 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<BoxBody>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let started = Instant::now();
        let layer = self.layer;
        let limit = if req.path().trim_end_matches('/').ends_with("/api/chat") {
            layer.deadlines.chat
        } else {
            layer.deadlines.request
        };
        let authenticated = req.headers().contains_key(header::AUTHORIZATION);
        // For the log line of a request whose deadline passes (the request
        // itself moves into the call; both clones share their bytes).
        let (method, uri) = (req.method().clone(), req.uri().clone());
        let call = self.service.call(req);
        Box::pin(async move {
            let response = match actix_web::rt::time::timeout(limit, call).await {
                Ok(response) => response?.map_into_boxed_body(),
                Err(_) => return Err(deadline_passed(&method, &uri, limit)),
            };
            let mut response = json_errors(response).await;
            let headers = response.headers_mut();
            if !headers.contains_key(header::X_CONTENT_TYPE_OPTIONS) {
                headers.insert(
                    header::X_CONTENT_TYPE_OPTIONS,
                    header::HeaderValue::from_static("nosniff"),
                );
            }
            if authenticated {
                // Answers to requests with credentials are never cached.
                headers.insert(
                    header::CACHE_CONTROL,
                    header::HeaderValue::from_static("no-store"),
                );
            }
            finished(&response, started, layer);
            Ok(response)
        })
    }
}

/// The 503 `{"detail": "Service unavailable"}` of a request that outlived
/// its deadline; the work it started is dropped or finishes in the
/// background, and nothing was acknowledged. The request was moved into
/// the dropped call, so the answer goes through the error path, which
/// renders `ApiError`'s own body.
fn deadline_passed(
    method: &Method,
    uri: &actix_web::http::Uri,
    limit: Duration,
) -> actix_web::Error {
    tracing::warn!(
        %method,
        path = uri.path(),
        ms = limit.as_millis() as u64,
        "request deadline passed"
    );
    ApiError::Unavailable.into()
}

/// Error answers made outside the handlers (CORS refusals, framework
/// defaults) become `{"detail": …}` like every other error. JSON errors
/// pass as they are, and so do the HTML pages' own (a browser opening an
/// unknown recipe page gets a page, not JSON).
async fn json_errors(response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let status = response.status();
    if status.as_u16() < 400 {
        return response;
    }
    let is_json_or_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if is_json_or_page {
        return response;
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
    ServiceResponse::new(req, json.json(ErrorBody { detail }))
}

/// One log line per request: method, path (never the query string, which
/// may hold a token), status and duration; server errors at `error`,
/// client errors at `info`, the rest at `info` or `debug` ([`AccessLog`]).
/// Every request is counted and timed in the metrics.
fn finished(response: &ServiceResponse<BoxBody>, started: Instant, layer: Layer) {
    let status = response.status();
    let seconds = started.elapsed().as_secs_f64();
    let request = response.request();
    if layer.metrics {
        record(request, status, seconds);
    }
    let code = status.as_u16();
    let log = |level: tracing::Level| {
        let (method, path, ms) = (request.method().as_str(), request.path(), seconds * 1000.0);
        match level {
            tracing::Level::ERROR => tracing::error!(method, path, status = code, ms, "request"),
            tracing::Level::INFO => tracing::info!(method, path, status = code, ms, "request"),
            _ => tracing::debug!(method, path, status = code, ms, "request"),
        }
    };
    if code >= 500 {
        log(tracing::Level::ERROR);
    } else if code >= 400 || layer.access_log == AccessLog::All {
        log(tracing::Level::INFO);
    } else if tracing::enabled!(tracing::Level::DEBUG) {
        log(tracing::Level::DEBUG);
    }
}

/// The metric handles of one path, method and status.
struct Handles {
    method: Method,
    status: StatusCode,
    count: metrics::Counter,
    time: metrics::Histogram,
}

/// Paths a worker remembers handles for; past it the table starts afresh
/// (paths that carry ids are many, the routes few).
const REMEMBERED_PATHS: usize = 2048;

thread_local! {
    static HANDLES: RefCell<HashMap<Rc<str>, Vec<Handles>>> = RefCell::new(HashMap::new());
}

/// Counts and times one answered request under its route pattern (so ids
/// do not multiply the series), method and status.
fn record(request: &HttpRequest, status: StatusCode, seconds: f64) {
    HANDLES.with(|table| {
        let mut table = table.borrow_mut();
        let method = request.method();
        if let Some(found) = table.get(request.path()).and_then(|list| {
            list.iter()
                .find(|h| h.status == status && h.method == method)
        }) {
            found.count.increment(1);
            found.time.record(seconds);
            return;
        }
        let route = request.match_pattern();
        let (count, time) = crate::metrics::request_handles(
            route.as_deref().unwrap_or("unmatched"),
            method.as_str(),
            status.as_u16(),
        );
        count.increment(1);
        time.record(seconds);
        if table.len() >= REMEMBERED_PATHS && !table.contains_key(request.path()) {
            table.clear();
        }
        table
            .entry(Rc::from(request.path()))
            .or_default()
            .push(Handles {
                method: method.clone(),
                status,
                count,
                time,
            });
    });
}
