//! Prints the OpenAPI document the service serves at `/openapi.json`.

fn main() {
    let doc = mealplan_http::openapi::document();
    println!("{}", doc.to_pretty_json().expect("the document serialises"));
}
