//! The page a password reset link opens (`GET /reset-password?token=…`):
//! one self-contained HTML document in the recipe page's style, with a
//! form for the new password. Its one script is inline, allowed by its
//! hash in the page's content security policy (nothing loads from
//! anywhere), and sends the form as JSON to
//! `POST /auth/password-reset/confirm`, then says what happened.

use std::sync::LazyLock;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use base64::Engine;
use sha2::{Digest, Sha256};
use utoipa::IntoParams;
use utoipa::openapi::Required;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};

use crate::routes::pages::{document_with, escape};
use crate::schema::field;

const FORM_STYLE: &str = r#"
[hidden] { display: none !important; }
form { display: grid; gap: .35rem; margin: 1rem 0 0; max-width: 26rem; }
label { font-weight: 600; margin-top: .6rem; }
input { font: inherit; padding: .55rem .7rem; border: 1px solid #9aa5a0; border-radius: .5rem; width: 100%; }
input:focus { outline: 3px solid #b9dcc6; border-color: var(--accent); }
button { font: inherit; font-weight: 600; margin-top: 1.1rem; padding: .65rem 1rem; border: 0; border-radius: .5rem; background: var(--accent); color: #fff; cursor: pointer; }
button:disabled { opacity: .6; cursor: wait; }
.hint { color: var(--muted); font-size: .9rem; margin: 0; }
#status { margin: 1.2rem 0 0; padding: .7rem .9rem; border-radius: .5rem; max-width: 26rem; }
#status:empty { display: none; }
#status.ok { background: var(--tint); border: 1px solid var(--accent); }
#status.error { background: #fdf0ee; border: 1px solid #c4453a; color: #8a2a22; }
"#;

/// Sends the form as JSON and shows the outcome; the token never leaves
/// the page but to this service.
const SCRIPT: &str = r#"
(function () {
  var form = document.getElementById("reset");
  var status = document.getElementById("status");
  var button = form.querySelector("button");
  function say(text, kind) { status.textContent = text; status.className = kind; }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var password = form.elements.new_password.value;
    if (password !== form.elements.repeat.value) { say("The two passwords are not the same.", "error"); return; }
    button.disabled = true;
    say("Setting the new password…", "");
    fetch(form.getAttribute("action"), {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify({ token: form.elements.token.value, new_password: password }),
      credentials: "omit",
      cache: "no-store"
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (response.ok) {
          form.hidden = true;
          say("Your password has been changed. You can log in with it now; every earlier session has ended.", "ok");
          return;
        }
        var detail = body && body.detail;
        if (Array.isArray(detail)) detail = detail.map(function (d) { return d.msg; }).join(" ");
        if (response.status === 400) detail = "This link is invalid or has expired (a link works once, and a newer one replaces it). Ask for a new link.";
        if (response.status === 429) detail = "Too many attempts. Wait a minute and try again.";
        say(detail || "Something went wrong (" + response.status + "). Try again.", "error");
        button.disabled = false;
      });
    }).catch(function () {
      say("The service could not be reached. Check the connection and try again.", "error");
      button.disabled = false;
    });
  });
})();
"#;

/// The page's content security policy: nothing loads from anywhere; the
/// page's own style and (by its hash) its one script apply; the script
/// may talk to this service only.
static CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(SCRIPT));
    format!(
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{hash}'; \
         connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    )
});

/// Where the form sends the new password.
const CONFIRM_PATH: &str = "/auth/password-reset/confirm";

/// The page with a form for `token`.
pub fn reset_page(token: &str) -> String {
    let body = format!(
        "<header>\n<h1>Choose a new password</h1>\n<p class=\"tags\">mealplan account</p>\n\
         </header>\n\
         <p>Type the new password twice. It needs at least 8 characters; a few words \
         you can remember make a good one.</p>\n\
         <form id=\"reset\" method=\"post\" action=\"{CONFIRM_PATH}\">\n\
         <input type=\"hidden\" name=\"token\" value=\"{token}\">\n\
         <label for=\"new_password\">New password</label>\n\
         <input id=\"new_password\" name=\"new_password\" type=\"password\" \
         autocomplete=\"new-password\" minlength=\"8\" required>\n\
         <label for=\"repeat\">The same again</label>\n\
         <input id=\"repeat\" name=\"repeat\" type=\"password\" autocomplete=\"new-password\" \
         minlength=\"8\" required>\n\
         <button type=\"submit\">Set the new password</button>\n</form>\n\
         <p id=\"status\" role=\"status\" aria-live=\"polite\"></p>\n\
         <noscript><p>This page needs JavaScript to send the new password.</p></noscript>\n\
         <footer>\n<p>A reset link works once and for a limited time; asking for a new one \
         replaces it. Setting a password logs you out everywhere.</p>\n</footer>\n\
         <script>{SCRIPT}</script>\n",
        token = escape(token),
    );
    document_with("Choose a new password · mealplan", FORM_STYLE, &body)
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
/// which it sends to `POST /auth/password-reset/confirm` and then says
/// what happened. Without a token, a page saying the link is incomplete.
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
    let (status, page) = match token {
        Some(token) => (StatusCode::OK, reset_page(&token)),
        None => (StatusCode::BAD_REQUEST, missing_token_page()),
    };
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_SECURITY_POLICY, CSP.as_str()))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_escaped_and_the_script_is_allowed_by_its_hash() {
        let page = reset_page("\"><script>alert(1)</script>");
        assert!(page.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""));
        assert_eq!(page.matches("<script>").count(), 1);
        assert!(!page.contains("http"), "nothing loads from elsewhere");
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(SCRIPT));
        assert!(CSP.contains(&format!("script-src 'sha256-{hash}'")));
        assert!(page.contains(&format!("<script>{SCRIPT}</script>")));
    }
}
