//! Hostile and malformed requests: each gets a 4xx with an error code, never a 500.

use reqwest::StatusCode;

use crate::{error_code, TestServer};

#[tokio::test]
async fn malformed_bodies_get_error_codes() {
    let server = TestServer::start().await;
    let big = format!(r#"{{"email": "a@b.org", "password": "{}", "audience": "learner"}}"#, "x".repeat(100_000));
    let cases: Vec<(&str, String, StatusCode, &str)> = vec![
        ("/api/accounts", "not json".to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/accounts", String::new(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/accounts", "[]".to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        (
            "/api/accounts",
            r#"{"email": 5, "password": "xxxxxxxxxxxx", "audience": "learner"}"#.to_owned(),
            StatusCode::BAD_REQUEST,
            "malformed_body",
        ),
        (
            "/api/accounts",
            r#"{"email": "a@b.org", "password": "xxxxxxxxxxxx", "audience": "admin"}"#.to_owned(),
            StatusCode::BAD_REQUEST,
            "malformed_body",
        ),
        (
            "/api/accounts",
            r#"{"email": "a@b.org", "password": "xxxxxxxxxxxx", "audience": "learner", "role": "admin"}"#.to_owned(),
            StatusCode::BAD_REQUEST,
            "malformed_body",
        ),
        ("/api/accounts", r#"{"email": "a@b.org"}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/accounts", big, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
        (
            "/api/sessions",
            r#"{"email": "a@b.org", "password": null}"#.to_owned(),
            StatusCode::BAD_REQUEST,
            "malformed_body",
        ),
        ("/api/sessions", "\u{0}\u{1}\u{2}".to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
    ];
    for (path, body, status, code) in cases {
        let response = server
            .client
            .post(server.url(path))
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await
            .expect("an answer");
        let shown: String = body.chars().take(60).collect();
        assert_eq!(response.status(), status, "{path} {shown:?}");
        assert_eq!(error_code(response).await, code, "{path} {shown:?}");
    }
    server.stop().await;
}

#[tokio::test]
async fn bad_tokens_unknown_paths_and_wrong_methods_get_error_codes() {
    let server = TestServer::start().await;
    for header in
        ["", "Bearer", "Bearer ", "Basic abc", "Bearer short", &format!("Bearer {}", "0".repeat(64)), "Bearer ☃☃☃"]
    {
        let mut request = server.client.get(server.url("/api/accounts/me"));
        if !header.is_empty() {
            request = request.header("authorization", header);
        }
        let response = request.send().await.expect("an answer");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{header:?}");
        assert_eq!(error_code(response).await, "unauthorized");
    }
    let missing = server.client.get(server.url("/api/nothing/here")).send().await.expect("an answer");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_code(missing).await, "no_such_endpoint");
    let wrong = server.client.put(server.url("/api/accounts")).send().await.expect("an answer");
    assert_eq!(wrong.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(error_code(wrong).await, "method_not_allowed");
    server.stop().await;
}
