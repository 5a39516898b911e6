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
pub mod profile;
pub mod recipes;
pub mod responses;
pub mod shopping;

use actix_web::http::Method;
use actix_web::{FromRequest, Handler, Resource, Responder, web};

use crate::error::ApiError;

/// One resource answering at several paths, each with and without a
/// trailing slash, and 405 with an `Allow` header for other methods.
pub struct Endpoint {
    resource: Resource,
    allow: Vec<String>,
}

impl Endpoint {
    /// A resource at `paths` (spec path first, then aliases).
    pub fn at(paths: &[&str]) -> Self {
        let patterns: Vec<String> = paths
            .iter()
            .flat_map(|p| [p.to_string(), format!("{p}/")])
            .collect();
        Self {
            resource: web::resource(patterns),
            allow: Vec::new(),
        }
    }

    /// Answers `method` with `handler`.
    pub fn on<F, Args>(mut self, method: Method, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.allow.push(method.as_str().to_owned());
        self.resource = self.resource.route(web::method(method).to(handler));
        self
    }

    /// The finished resource.
    pub fn build(self) -> Resource {
        let allow = self.allow.join(", ");
        self.resource.default_service(web::to(move || {
            let allow = allow.clone();
            async move { Err::<&str, _>(ApiError::MethodNotAllowed(allow)) }
        }))
    }
}
