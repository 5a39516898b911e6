//! Route handlers, one module per area, and the helper that registers a
//! path at every spelling clients use.

pub mod accounts;
pub mod chat;
pub mod errors;
pub mod fit;
pub mod household;
pub mod lifecycle;
pub mod meals;
pub mod menus;
pub mod meta;
pub mod own_recipes;
pub mod pages;
pub mod pantry;
pub mod plans;
pub mod plate;
pub mod profile;
pub mod recipes;
pub mod reset;
pub mod reset_page;
pub mod responses;
pub mod shopping;

use actix_web::http::Method;
use actix_web::{FromRequest, Handler, Resource, Responder, web};
use utoipa::openapi::path::HttpMethod;
use utoipa_actix_web::OpenApiFactory;

use crate::error::ApiError;

/// Other spellings a path answers at: the original served the account,
/// meal-detail and daily-menu routes both with and without `/api`, and
/// its web client calls both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alias {
    /// The path alone.
    None,
    /// Also under `/api` (`/auth/login` and `/api/auth/login`).
    UnderApi,
    /// Also without its `/api` prefix (`/api/daily-menu` and `/daily-menu`).
    WithoutApi,
}

impl Alias {
    /// Every spelling of `path`: the documented one first.
    fn spell(self, path: &str) -> Vec<String> {
        let other = match self {
            Self::None => None,
            Self::UnderApi => Some(format!("/api{path}")),
            Self::WithoutApi => path.strip_prefix("/api").map(str::to_owned),
        };
        std::iter::once(path.to_owned()).chain(other).collect()
    }
}

/// Adds one method's route to a resource.
type Register = Box<dyn Fn(Resource) -> Resource>;

/// One operation: its documented path and method, its handler, and its
/// OpenAPI description.
struct Operation {
    path: String,
    method: Method,
    alias: Alias,
    register: Register,
    doc: Box<dyn OpenApiFactory>,
}

/// The API's operations, each added once from its handler and the
/// `#[utoipa::path]` beside it: the path and method are read from there,
/// and both the route table ([`Self::configure`]) and the OpenAPI document
/// ([`Self::document`]) are built from this list.
#[derive(Default)]
pub struct Endpoints(Vec<Operation>);

impl Endpoints {
    /// Adds `handler`, documented by `doc` (the `__path_` type
    /// `#[utoipa::path]` makes), at the path and methods `doc` states.
    pub fn add<D, F, Args>(self, doc: D, handler: F) -> Self
    where
        D: utoipa::Path + OpenApiFactory + 'static,
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.add_at(doc, handler, Alias::None)
    }

    /// [`add`](Self::add), also answering at the spellings `alias` gives.
    pub fn add_at<D, F, Args>(mut self, doc: D, handler: F, alias: Alias) -> Self
    where
        D: utoipa::Path + OpenApiFactory + 'static,
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        let path = D::path();
        let doc: Box<dyn OpenApiFactory> = Box::new(doc);
        for method in D::methods() {
            let method = actix_method(&method);
            let route = method.clone();
            let handler = handler.clone();
            self.0.push(Operation {
                path: path.clone(),
                method,
                alias,
                register: Box::new(move |r: Resource| {
                    r.route(web::method(route.clone()).to(handler.clone()))
                }),
                doc: Box::new(NoDoc),
            });
        }
        if let Some(last) = self.0.last_mut() {
            last.doc = doc;
        }
        self
    }

    /// Registers every path at every spelling, with and without a trailing
    /// slash, in the order the paths were first added (actix tries
    /// resources in registration order: the most requested come first).
    /// Other methods get 405 with an `Allow` header.
    ///
    /// Each spelling is a resource of its own with a single pattern: actix
    /// matches a single static pattern by comparing strings, while one
    /// resource with several patterns goes through a regex set on every
    /// request (about a tenth of the CPU of a small read, measured with
    /// perf).
    pub fn configure(self, cfg: &mut web::ServiceConfig) {
        let mut paths: Vec<(String, Alias, Vec<Operation>)> = Vec::new();
        for op in self.0 {
            match paths.iter_mut().find(|(p, _, _)| *p == op.path) {
                Some((_, alias, ops)) => {
                    if *alias == Alias::None {
                        *alias = op.alias;
                    }
                    ops.push(op);
                }
                None => paths.push((op.path.clone(), op.alias, vec![op])),
            }
        }
        for (path, alias, ops) in paths {
            let allow = ops
                .iter()
                .map(|o| o.method.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            for spelling in alias.spell(&path) {
                for pattern in [spelling.clone(), format!("{spelling}/")] {
                    let resource = ops
                        .iter()
                        .fold(web::resource(pattern), |r, op| (op.register)(r));
                    let allow = allow.clone();
                    cfg.service(resource.default_service(web::to(move || {
                        let allow = allow.clone();
                        async move { Err::<&str, _>(ApiError::MethodNotAllowed(allow)) }
                    })));
                }
            }
        }
    }

    /// The operations and the schemas they refer to, for the OpenAPI
    /// document.
    pub fn document(&self) -> (utoipa::openapi::path::Paths, Vec<Schema>) {
        let mut paths = utoipa::openapi::path::Paths::new();
        let mut schemas = Vec::new();
        for op in &self.0 {
            paths.merge(op.doc.paths());
            op.doc.schemas(&mut schemas);
        }
        (paths, schemas)
    }

    /// Each operation's method and documented path (`"GET /api/profile"`).
    pub fn operations(&self) -> impl Iterator<Item = String> + '_ {
        self.0.iter().map(|o| format!("{} {}", o.method, o.path))
    }
}

/// A named schema of the OpenAPI document.
pub type Schema = (
    String,
    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
);

/// Stands in for an operation's description on all but one of its
/// methods, so that it is documented once.
struct NoDoc;

impl OpenApiFactory for NoDoc {
    fn paths(&self) -> utoipa::openapi::path::Paths {
        utoipa::openapi::path::Paths::new()
    }

    fn schemas(&self, _: &mut Vec<Schema>) {}
}

/// The actix method of an OpenAPI one.
fn actix_method(method: &HttpMethod) -> Method {
    match method {
        HttpMethod::Get => Method::GET,
        HttpMethod::Post => Method::POST,
        HttpMethod::Put => Method::PUT,
        HttpMethod::Delete => Method::DELETE,
        HttpMethod::Options => Method::OPTIONS,
        HttpMethod::Head => Method::HEAD,
        HttpMethod::Patch => Method::PATCH,
        HttpMethod::Trace => Method::TRACE,
    }
}
