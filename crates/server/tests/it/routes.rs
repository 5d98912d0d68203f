//! The route table against what is served, the OpenAPI document, and the
//! app's files with their isolation and caching headers.

use api_contract::{Method, ROUTES};
use reqwest::StatusCode;

use crate::TestServer;

#[tokio::test]
async fn every_route_of_the_table_is_served_and_listed_in_the_openapi_document() {
    let server = TestServer::start().await;
    for route in ROUTES {
        let url = server.url(route.path);
        let request = match route.method {
            Method::Get => server.client.get(&url),
            Method::Post => server.client.post(&url).header("content-type", "application/json").body("{}"),
            Method::Delete => server.client.delete(&url),
        };
        let response = request.send().await.expect("an answer");
        let status = response.status();
        // Served: whatever the answer to an empty request, it is not "no such endpoint".
        assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{route:?}");
        assert!(!status.is_server_error(), "{route:?}: {status}");
        if status == StatusCode::NOT_FOUND {
            assert_eq!(crate::error_code(response).await, "not_found", "{route:?}");
        }
    }
    let doc: serde_json::Value =
        server.client.get(server.url("/api/openapi.json")).send().await.expect("an answer").json().await.expect("JSON");
    assert_eq!(doc, api_contract::openapi());
    let listed: usize =
        doc["paths"].as_object().expect("paths").values().map(|item| item.as_object().map_or(0, |ops| ops.len())).sum();
    assert_eq!(listed, ROUTES.len(), "every served route is in the document, and only those");
    server.stop().await;
}

#[tokio::test]
async fn the_app_is_served_cross_origin_isolated_with_its_caching() {
    let server = TestServer::start().await;
    for (path, caching) in [
        ("/", "no-cache"),
        ("/index.html", "no-cache"),
        ("/sw.js", "no-cache"),
        ("/app-0123456789abcdef_bg.wasm", "public, max-age=31536000, immutable"),
        ("/api/health", "no-store"),
    ] {
        let response = server.client.get(server.url(path)).send().await.expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let header = |name: &str| response.headers().get(name).and_then(|value| value.to_str().ok()).map(str::to_owned);
        assert_eq!(header("cross-origin-opener-policy").as_deref(), Some("same-origin"), "{path}");
        assert_eq!(header("cross-origin-embedder-policy").as_deref(), Some("require-corp"), "{path}");
        assert_eq!(header("cache-control").as_deref(), Some(caching), "{path}");
    }
    let page = server.client.get(server.url("/")).send().await.expect("an answer").text().await.expect("text");
    assert!(page.contains("Bridge Training"));
    server.stop().await;
}
