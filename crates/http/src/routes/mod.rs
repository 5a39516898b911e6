//! Route handlers, one module per area, and the helper that registers a
//! path at every spelling clients use.

pub mod accounts;
pub mod chat;
pub mod errors;
pub mod fit;
pub mod lifecycle;
pub mod meals;
pub mod menus;
pub mod meta;
pub mod pages;
pub mod plans;
pub mod plate;
pub mod profile;
pub mod recipes;
pub mod responses;
pub mod shopping;

use actix_web::http::Method;
use actix_web::{FromRequest, Handler, Resource, Responder, web};

use crate::error::ApiError;

/// One endpoint answering at several paths, each with and without a
/// trailing slash, and 405 with an `Allow` header for other methods.
///
/// Each spelling is a resource of its own with a single pattern: actix
/// matches a single static pattern by comparing strings, while one
/// resource with several patterns goes through a regex set on every
/// request (about a tenth of the CPU of a small read, measured with perf).
pub struct Endpoint {
    resources: Vec<Resource>,
    allow: Vec<String>,
}

impl Endpoint {
    /// An endpoint at `paths` (spec path first, then aliases).
    pub fn at(paths: &[&str]) -> Self {
        let resources = paths
            .iter()
            .flat_map(|p| [p.to_string(), format!("{p}/")])
            .map(web::resource)
            .collect();
        Self {
            resources,
            allow: Vec::new(),
        }
    }

    /// Answers `method` with `handler` at every spelling.
    pub fn on<F, Args>(mut self, method: Method, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.allow.push(method.as_str().to_owned());
        self.resources = self
            .resources
            .into_iter()
            .map(|r| r.route(web::method(method.clone()).to(handler.clone())))
            .collect();
        self
    }

    /// The finished resources.
    pub fn build(self) -> Vec<Resource> {
        let allow = self.allow.join(", ");
        self.resources
            .into_iter()
            .map(|r| {
                let allow = allow.clone();
                r.default_service(web::to(move || {
                    let allow = allow.clone();
                    async move { Err::<&str, _>(ApiError::MethodNotAllowed(allow)) }
                }))
            })
            .collect()
    }
}
