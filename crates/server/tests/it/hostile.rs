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

#[tokio::test]
async fn hostile_requests_of_a_signed_in_account_get_error_codes() {
    let server = TestServer::start().await;
    let session = crate::accounts::sign_up(&server, "hostile@example.org", "teacher").await;
    let many_changes = serde_json::json!({
        "changes": (0..=api_contract::MAX_PUSH_CHANGES).map(|n| serde_json::json!({ "id": format!("b-{n}"), "base_revision": null, "record": null })).collect::<Vec<_>>()
    })
    .to_string();
    let many_members = serde_json::json!({
        "name": "Too many",
        "members": (0..=api_contract::MAX_GROUP_MEMBERS).map(|n| format!("m{n}@example.org")).collect::<Vec<_>>()
    })
    .to_string();
    let cases: Vec<(&str, String, StatusCode, &str)> = vec![
        ("/api/sync/boards", "not json".to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/sync/boards", r#"{"changes": {}}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/sync/boards", r#"{"changes": [{"id": 7}]}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/sync/boards", r#"{"changes": [], "force": true}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/sync/boards", many_changes.clone(), StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
        ("/api/sync/collections", "[]".to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/sync/collections", many_changes, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
        ("/api/groups", r#"{"name": "x"}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/groups", r#"{"name": 3, "members": []}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        (
            "/api/groups",
            format!(r#"{{"name": "{}", "members": []}}"#, "x".repeat(101)),
            StatusCode::BAD_REQUEST,
            "malformed_body",
        ),
        ("/api/groups", many_members, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
        ("/api/groups/g-nothing", r#"{"name": "x", "members": []}"#.to_owned(), StatusCode::NOT_FOUND, "not_found"),
        // A NUL, which PostgreSQL refuses to store or compare, in a name and in a path.
        ("/api/groups", r#"{"name": "a\u0000b", "members": []}"#.to_owned(), StatusCode::BAD_REQUEST, "malformed_body"),
        ("/api/groups/g-%00", r#"{"name": "x", "members": []}"#.to_owned(), StatusCode::NOT_FOUND, "not_found"),
    ];
    for (path, body, status, code) in cases {
        let response = server
            .client
            .post(server.url(path))
            .bearer_auth(&session.token)
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await
            .expect("an answer");
        let shown: String = body.chars().take(60).collect();
        assert_eq!(response.status(), status, "{path} {shown:?}");
        assert_eq!(error_code(response).await, code, "{path} {shown:?}");
    }
    for query in ["since=-1", "since=abc", "since=1&since=2", "cursor=3", "since=99999999999999999999"] {
        for kind in ["boards", "collections"] {
            let response = server
                .client
                .get(server.url(&format!("/api/sync/{kind}?{query}")))
                .bearer_auth(&session.token)
                .send()
                .await
                .expect("an answer");
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{kind} {query}");
            assert_eq!(error_code(response).await, "malformed_body");
        }
    }
    let long = "x".repeat(5_000);
    for path in
        ["/api/public/boards/%00", "/api/public/collections/'%20OR%201=1--", &format!("/api/public/boards/{long}")]
    {
        let response = server.client.get(server.url(path)).send().await.expect("an answer");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path:.60}");
        assert_eq!(error_code(response).await, "not_found");
    }
    // A NUL in an id of a pushed change, or in a board id of a pushed collection: refused.
    let collection = serde_json::json!({ "version": 2, "id": "c-nul", "owner": session.account.id, "name": "x",
        "boards": ["b\u{0}x"], "sharing": { "kind": "public" } });
    for (kind, body) in [
        ("boards", serde_json::json!({ "changes": [{ "id": "b\u{0}x", "base_revision": null, "record": null }] })),
        (
            "collections",
            serde_json::json!({ "changes": [{ "id": "c-nul", "base_revision": null, "record": collection }] }),
        ),
    ] {
        let response = server
            .client
            .post(server.url(&format!("/api/sync/{kind}")))
            .bearer_auth(&session.token)
            .json(&body)
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{kind}");
        let pushed: api_contract::Pushed = response.json().await.expect("results");
        assert!(matches!(pushed.results[0].outcome, api_contract::Outcome::Rejected { .. }), "{kind}: {pushed:?}");
    }
    let response = server
        .client
        .delete(server.url("/api/groups/%00"))
        .bearer_auth(&session.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let response = server
        .client
        .delete(server.url("/api/groups/g-nothing"))
        .bearer_auth(&session.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    for path in ["/api/groups", "/api/shared/collections", "/api/sync/collections"] {
        let response = server.client.get(server.url(path)).send().await.expect("an answer");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path} without a token");
    }
    server.stop().await;
}
