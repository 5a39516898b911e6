//! `bare-diet-type ADDR`: the ceiling `bench/throughput.py` measures the
//! service against. One actix-web route answers `GET /api/diet_type` with
//! the same bytes the service sends, with no middleware, database or
//! serialisation: what the framework alone costs on this machine.

use actix_web::{App, HttpResponse, HttpServer, web};

/// The service's answer to `GET /api/diet_type`, byte for byte.
const BODY: &str = r#"[{"id":1,"name":"high_protein"},{"id":2,"name":"low_carb"},{"id":3,"name":"vegan"},{"id":4,"name":"vegetarian"},{"id":5,"name":"low_calorie"},{"id":6,"name":"high_fiber"},{"id":7,"name":"high_carb"}]"#;

async fn diet_types() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(BODY)
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8090".into());
    HttpServer::new(|| App::new().route("/api/diet_type", web::get().to(diet_types)))
        .bind(addr)?
        .run()
        .await
}
