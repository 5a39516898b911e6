//! The page a password reset link opens (`GET /reset-password?token=…`)
//! and the answer to its form (`POST /reset-password`): self-contained
//! HTML documents in the recipe page's style, with no script at all, so
//! the link works in any browser (text browsers and script blockers
//! included). The form is a plain `application/x-www-form-urlencoded`
//! post; the answer is a page saying what happened, through the same use
//! case and limits as `POST /auth/password-reset/confirm`.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::Value;
use utoipa::openapi::Required;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::limits::RateLimits;
use crate::routes::accounts::new_password;
use crate::routes::pages::{document_with, escape};
use crate::routes::reset::set_password;
use crate::schema::field;
use crate::validate::read_body;

const FORM_STYLE: &str = r#"
form { display: grid; gap: .35rem; margin: 1rem 0 0; max-width: 26rem; }
label { font-weight: 600; margin-top: .6rem; }
input { font: inherit; padding: .55rem .7rem; border: 1px solid #9aa5a0; border-radius: .5rem; width: 100%; }
input:focus { outline: 3px solid #b9dcc6; border-color: var(--accent); }
button { font: inherit; font-weight: 600; margin-top: 1.1rem; padding: .65rem 1rem; border: 0; border-radius: .5rem; background: var(--accent); color: #fff; cursor: pointer; }
.notice { margin: 1.2rem 0 0; padding: .7rem .9rem; border-radius: .5rem; max-width: 26rem; }
.notice.ok { background: var(--tint); border: 1px solid var(--accent); }
.notice.error { background: #fdf0ee; border: 1px solid #c4453a; color: #8a2a22; }
ul.notice { padding-left: 2rem; }
"#;

/// The pages' content security policy: nothing loads from anywhere and
/// no script runs; only the page's own style applies, and its form may
/// post to this service only.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
                   base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Where the form sends the new password (this page's own path).
const FORM_PATH: &str = "/reset-password";

/// The form's media type, the one a browser sends by default.
const FORM_TYPE: &str = "application/x-www-form-urlencoded";

/// The form for a new password, carrying `token`.
fn form(token: &str) -> String {
    format!(
        "<form id=\"reset\" method=\"post\" action=\"{FORM_PATH}\">\n\
         <input type=\"hidden\" name=\"token\" value=\"{token}\">\n\
         <label for=\"new_password\">New password</label>\n\
         <input id=\"new_password\" name=\"new_password\" type=\"password\" \
         autocomplete=\"new-password\" minlength=\"8\" required>\n\
         <label for=\"confirm_password\">The same again</label>\n\
         <input id=\"confirm_password\" name=\"confirm_password\" type=\"password\" \
         autocomplete=\"new-password\" minlength=\"8\" required>\n\
         <button type=\"submit\">Set the new password</button>\n</form>\n",
        token = escape(token),
    )
}

/// The form page for `token`, after `problems` (each escaped) when the
/// form was sent and refused.
fn form_page(token: &str, problems: &[String]) -> String {
    let notice = match problems {
        [] => String::new(),
        [one] => format!(
            "<p class=\"notice error\" role=\"alert\">{}</p>\n",
            escape(one)
        ),
        many => format!(
            "<ul class=\"notice error\" role=\"alert\">\n{}</ul>\n",
            many.iter()
                .map(|p| format!("<li>{}</li>\n", escape(p)))
                .collect::<String>()
        ),
    };
    let body = format!(
        "<header>\n<h1>Choose a new password</h1>\n<p class=\"tags\">mealplan account</p>\n\
         </header>\n\
         <p>Type the new password twice. It needs at least 8 characters; a few words \
         you can remember make a good one.</p>\n\
         {notice}{form}\
         <footer>\n<p>A reset link works once and for a limited time; asking for a new one \
         replaces it. Setting a password signs you out everywhere.</p>\n</footer>\n",
        form = form(token),
    );
    document_with("Choose a new password · mealplan", FORM_STYLE, &body)
}

/// The page with a form for `token`.
pub fn reset_page(token: &str) -> String {
    form_page(token, &[])
}

/// A page that says one thing: `notice` (trusted HTML) in the style of
/// `kind` (`ok` or `error`), then `more` (trusted HTML).
fn message_page(title: &str, heading: &str, kind: &str, notice: &str, more: &str) -> String {
    let role = if kind == "ok" { "status" } else { "alert" };
    document_with(
        &format!("{title} · mealplan"),
        FORM_STYLE,
        &format!(
            "<header>\n<h1>{heading}</h1>\n<p class=\"tags\">mealplan account</p>\n</header>\n\
             <p class=\"notice {kind}\" role=\"{role}\">{notice}</p>\n{more}",
            heading = escape(heading),
        ),
    )
}

/// Said when the password has been set.
pub const CHANGED: &str = "Your password has been changed. You can now log in with it.";

fn changed_page() -> String {
    message_page(
        "Password changed",
        "Password changed",
        "ok",
        CHANGED,
        "<p>Every other session of the account has been signed out, on every device: \
         whoever was logged in must log in again, with the new password.</p>\n",
    )
}

fn invalid_token_page() -> String {
    message_page(
        "Reset link invalid",
        "This reset link does not work",
        "error",
        "Invalid or expired reset token.",
        "<p>A reset link works once and for a limited time, and asking for a new link \
         replaces the one before. Nothing was changed. Ask for a new link and open the \
         newest one.</p>\n",
    )
}

fn missing_token_page() -> String {
    document_with(
        "Reset link incomplete · mealplan",
        FORM_STYLE,
        "<header>\n<h1>This reset link is incomplete</h1>\n</header>\n\
         <p>The address has no reset token. Open the whole link from the e-mail, or ask \
         for a new one.</p>\n",
    )
}

/// An HTML answer of these pages, with their headers.
fn html(status: StatusCode, page: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_SECURITY_POLICY, CSP))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(page)
}

/// The query of the reset page (read by hand: a missing token is a page,
/// not a JSON 422).
pub struct ResetPageQuery;

impl IntoParams for ResetPageQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            ParameterBuilder::new()
                .name("token")
                .parameter_in(ParameterIn::Query)
                .required(Required::True)
                .description(Some(
                    "The token of the reset link (without it, a page saying the link is \
                     incomplete)",
                ))
                .schema(Some(field::text(Some(1), None).build()))
                .build(),
        ]
    }
}

/// The page a password reset link opens: a form for the new password,
/// which posts to `POST /reset-password` (no script needed). Without a
/// token, a page saying the link is incomplete.
#[utoipa::path(
    get, path = "/reset-password", tag = "accounts",
    params(ResetPageQuery),
    responses(
        (status = 200, description = "The form for a new password", body = String, content_type = "text/html"),
        (status = 400, description = "No token: a page saying so", body = String, content_type = "text/html"),
    )
)]
pub async fn get_reset_page(req: HttpRequest) -> HttpResponse {
    let token = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .ok()
        .and_then(|pairs| {
            pairs
                .into_inner()
                .into_iter()
                .rev()
                .find(|(k, v)| k == "token" && !v.is_empty())
        })
        .map(|(_, v)| v);
    match token {
        Some(token) => html(StatusCode::OK, reset_page(&token)),
        None => html(StatusCode::BAD_REQUEST, missing_token_page()),
    }
}

/// The reset page's form, as a browser sends it
/// (`application/x-www-form-urlencoded`; of a field sent twice, the last
/// counts).
#[derive(Debug, Default, ToSchema)]
#[schema(as = PasswordResetForm)]
pub struct ResetForm {
    /// The token of the reset link (missing: refused as an invalid token).
    #[schema(schema_with = field::reset_token)]
    pub token: String,
    /// The new password.
    #[schema(schema_with = field::new_password)]
    pub new_password: String,
    /// The new password again; it must be the same.
    #[schema(schema_with = field::confirm_password)]
    pub confirm_password: String,
}

impl ResetForm {
    /// Reads the form's fields from a body; other fields are ignored.
    fn parse(bytes: &[u8]) -> Result<Self, ApiError> {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_bytes(bytes).map_err(|_| ApiError::BadBody)?;
        let mut form = Self::default();
        for (name, value) in pairs {
            match name.as_str() {
                "token" => form.token = value,
                "new_password" => form.new_password = value,
                "confirm_password" => form.confirm_password = value,
                _ => {}
            }
        }
        Ok(form)
    }
}

/// Why the form did not set the password.
enum Refused {
    /// The new password breaks a rule, or the confirmation differs: the
    /// form again, with the token it held and these problems.
    Form {
        token: String,
        problems: Vec<String>,
    },
    /// The body is not `application/x-www-form-urlencoded`.
    NotAForm,
    /// The token, the limits or the service: a page for the error; the
    /// token, when the form was read, to show the form again after a 429.
    Api(ApiError, Option<String>),
}

impl From<ApiError> for Refused {
    fn from(error: ApiError) -> Self {
        Self::Api(error, None)
    }
}

/// Whether the request says its body is a form.
fn is_form(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case(FORM_TYPE))
}

/// Reads the form and sets the password: the body is read within the
/// JSON bodies' limits, the client counted in the shared per-address
/// limit (whatever the body), the body taken only as a form, the password held to the sign-up rules and its confirmation,
/// then the token redeemed by the JSON route's use case.
async fn submit(
    state: &AppState,
    limits: &RateLimits,
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<(), Refused> {
    let body = read_body(req, &mut payload.into_inner()).await;
    // Counted whatever the body holds, as the JSON route counts.
    limits.check_ip(req).await.map_err(|e| {
        let token = body
            .as_ref()
            .ok()
            .and_then(|b| ResetForm::parse(b).ok())
            .map(|f| f.token);
        Refused::Api(e, token)
    })?;
    if !is_form(req) {
        return Err(Refused::NotAForm);
    }
    let form = ResetForm::parse(&body?)?;
    let mut problems = Vec::new();
    let password = match new_password(&Value::String(form.new_password.clone())) {
        Ok(password) => Some(password),
        Err(problem) => {
            problems.push(format!("{}.", problem.reason()));
            None
        }
    };
    if form.confirm_password != form.new_password {
        problems.push("The two passwords are not the same.".to_owned());
    }
    let Some(password) = password.filter(|_| problems.is_empty()) else {
        return Err(Refused::Form {
            token: form.token,
            problems,
        });
    };
    set_password(state, limits, &form.token, password)
        .await
        .map_err(|e| Refused::Api(e, Some(form.token)))?;
    Ok(())
}

/// Sets a new password from the reset page's form, with the token it
/// carries, and answers a page saying what happened: the same use case,
/// token rules and limits as `POST /auth/password-reset/confirm`, for
/// browsers without JavaScript. The token is used up and every session of
/// the account ends (no new one is opened: log in with the new password).
#[utoipa::path(
    post, path = "/reset-password", tag = "accounts",
    request_body(content = ResetForm, content_type = "application/x-www-form-urlencoded",
        description = "The reset page's form"),
    responses(
        (status = 200, description = "Password changed: a page saying so, and that every other session was signed out", body = String, content_type = "text/html"),
        (status = 400, description = "Invalid or expired reset token (or a body that cannot be read): a page saying so", body = String, content_type = "text/html"),
        (status = 408, description = "The body did not arrive in time: a page saying so", body = String, content_type = "text/html"),
        (status = 413, description = "Body over 64 KiB: a page saying so", body = String, content_type = "text/html"),
        (status = 415, description = "Not `application/x-www-form-urlencoded`: a page saying so", body = String, content_type = "text/html"),
        (status = 422, description = "The new password breaks a rule (named as at sign-up), or the two fields differ: a page saying so, with the form again", body = String, content_type = "text/html"),
        (status = 429, description = "Rate limited (per client address, shared with logins): a page saying when to try again, with the form again", body = String, content_type = "text/html",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 500, description = "Internal server error: a page saying so", body = String, content_type = "text/html"),
        (status = 503, description = "The database cannot be reached (a page), or the request took too long (JSON)",
            content((String = "text/html"), (ErrorBody = "application/json"))),
    )
)]
pub async fn post_reset_form(
    state: web::Data<AppState>,
    limits: web::Data<RateLimits>,
    req: HttpRequest,
    payload: web::Payload,
) -> HttpResponse {
    match submit(&state, &limits, &req, payload).await {
        Ok(()) => html(StatusCode::OK, changed_page()),
        Err(Refused::Form { token, problems }) => html(
            StatusCode::UNPROCESSABLE_ENTITY,
            form_page(&token, &problems),
        ),
        Err(Refused::NotAForm) => html(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message_page(
                "Not a form",
                "This address takes the reset form",
                "error",
                "Send the form of the reset page here (application/x-www-form-urlencoded).",
                "",
            ),
        ),
        Err(Refused::Api(error, token)) => error_page(&error, token.as_deref()),
    }
}

/// The page for an error of the form's route.
fn error_page(error: &ApiError, token: Option<&str>) -> HttpResponse {
    let again = "<p>Nothing was changed. Open the link from the e-mail again and send the \
                 form once more.</p>\n";
    let (status, page) = match error {
        ApiError::InvalidResetToken => (StatusCode::BAD_REQUEST, invalid_token_page()),
        ApiError::TooManyRequests(seconds) => {
            let wait = format!(
                "Too many attempts from this address. Wait {seconds} second{s}, then try \
                 again.",
                s = if *seconds == 1 { "" } else { "s" }
            );
            let page = match token {
                Some(token) => form_page(token, &[wait]),
                None => message_page("Too many attempts", "Too many attempts", "error", &wait, ""),
            };
            let mut response = html(StatusCode::TOO_MANY_REQUESTS, page);
            if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            return response;
        }
        ApiError::PayloadTooLarge => (
            StatusCode::PAYLOAD_TOO_LARGE,
            message_page(
                "Form too large",
                "The form was too large",
                "error",
                "The form sent was over 64 KiB, far more than a password needs.",
                again,
            ),
        ),
        ApiError::RequestTimeout => (
            StatusCode::REQUEST_TIMEOUT,
            message_page(
                "Too slow",
                "The form did not arrive in time",
                "error",
                "The connection was too slow to send the form.",
                again,
            ),
        ),
        ApiError::BadBody => (
            StatusCode::BAD_REQUEST,
            message_page(
                "Form unreadable",
                "The form could not be read",
                "error",
                "The form arrived broken.",
                again,
            ),
        ),
        ApiError::Unavailable => (
            StatusCode::SERVICE_UNAVAILABLE,
            message_page(
                "Unavailable",
                "Try again in a minute",
                "error",
                "The service cannot reach its database right now.",
                again,
            ),
        ),
        _ => (
            StatusCode::INTERNAL_SERVER_ERROR,
            message_page(
                "Something went wrong",
                "Something went wrong",
                "error",
                "The service could not set the password.",
                "<p>Try again in a minute, with the link from the e-mail.</p>\n",
            ),
        ),
    };
    html(status, page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_escaped_and_nothing_runs() {
        let page = reset_page("\"><script>alert(1)</script>");
        assert!(page.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""));
        assert!(!page.contains("<script"), "no script");
        assert!(!page.contains("http"), "nothing loads from elsewhere");
        assert!(page.contains("<form id=\"reset\" method=\"post\" action=\"/reset-password\">"));
        assert!(CSP.starts_with("default-src 'none';"));
        assert!(!CSP.contains("script-src"));
        assert!(CSP.contains("form-action 'self'"));
    }

    #[test]
    fn a_refused_form_comes_back_with_its_token_and_escaped_problems() {
        let page = form_page("t<k>", &["one <b>".to_owned()]);
        assert!(page.contains("value=\"t&lt;k&gt;\""));
        assert!(page.contains("one &lt;b&gt;"));
        let page = form_page("tok", &["one".to_owned(), "two".to_owned()]);
        assert!(page.contains("<li>one</li>") && page.contains("<li>two</li>"));
    }

    #[test]
    fn the_form_is_read_field_by_field() {
        let form = ResetForm::parse(
            b"token=ab%20c&new_password=a+b%26c&confirm_password=x&token=last&other=1",
        )
        .unwrap();
        assert_eq!(form.token, "last");
        assert_eq!(form.new_password, "a b&c");
        assert_eq!(form.confirm_password, "x");
        let empty = ResetForm::parse(b"").unwrap();
        assert_eq!(empty.token, "");
    }
}
