//! Accounts: sign up, sign in, the account, sign out, delete; every failure.

use api_contract::{Account, Audience, Session};
use reqwest::StatusCode;
use serde_json::json;

use crate::{error_code, TestServer};

pub async fn sign_up(server: &TestServer, email: &str, audience: &str) -> Session {
    let response = server
        .client
        .post(server.url("/api/accounts"))
        .json(&json!({ "email": email, "password": "correct horse battery", "audience": audience }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.expect("a session")
}

#[tokio::test]
async fn an_account_signs_up_in_and_out_and_is_deleted() {
    let server = TestServer::start().await;
    let health = server.client.get(server.url("/api/health")).send().await.expect("an answer");
    assert_eq!(health.status(), StatusCode::OK);

    let session = sign_up(&server, "  Teacher@Example.org ", "teacher").await;
    assert_eq!(session.account.email, "teacher@example.org", "the email is normalised");
    assert_eq!(session.account.audience, Audience::Teacher);
    assert_eq!(session.token.len(), 64);

    let me =
        server.client.get(server.url("/api/accounts/me")).bearer_auth(&session.token).send().await.expect("an answer");
    assert_eq!(me.status(), StatusCode::OK);
    let account: Account = me.json().await.expect("an account");
    assert_eq!(account, session.account);

    // The same email again: taken, whatever its case.
    let again = server
        .client
        .post(server.url("/api/accounts"))
        .json(&json!({ "email": "TEACHER@example.org", "password": "another long one", "audience": "learner" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(error_code(again).await, "email_taken");

    // Sign in: a second session; the wrong password is refused.
    let signed_in = server
        .client
        .post(server.url("/api/sessions"))
        .json(&json!({ "email": "teacher@example.org", "password": "correct horse battery" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(signed_in.status(), StatusCode::OK);
    let second: Session = signed_in.json().await.expect("a session");
    assert_ne!(second.token, session.token);
    assert_eq!(second.account, session.account, "the audience stays as signed up");
    for (email, password) in
        [("teacher@example.org", "wrong password!"), ("nobody@example.org", "correct horse battery")]
    {
        let refused = server
            .client
            .post(server.url("/api/sessions"))
            .json(&json!({ "email": email, "password": password }))
            .send()
            .await
            .expect("an answer");
        assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(error_code(refused).await, "invalid_credentials", "the same answer for {email}");
    }

    // Sign out: that token stops working, the other still works.
    let out = server
        .client
        .delete(server.url("/api/sessions/current"))
        .bearer_auth(&session.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    let gone =
        server.client.get(server.url("/api/accounts/me")).bearer_auth(&session.token).send().await.expect("an answer");
    assert_eq!(gone.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(gone).await, "unauthorized");
    let still =
        server.client.get(server.url("/api/accounts/me")).bearer_auth(&second.token).send().await.expect("an answer");
    assert_eq!(still.status(), StatusCode::OK);

    // Delete the account: the password confirms; then nothing of it works.
    let wrong = server
        .client
        .delete(server.url("/api/accounts/me"))
        .bearer_auth(&second.token)
        .json(&json!({ "password": "not the password" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(wrong).await, "invalid_credentials");
    let deleted = server
        .client
        .delete(server.url("/api/accounts/me"))
        .bearer_auth(&second.token)
        .json(&json!({ "password": "correct horse battery" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let after =
        server.client.get(server.url("/api/accounts/me")).bearer_auth(&second.token).send().await.expect("an answer");
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
    let relogin = server
        .client
        .post(server.url("/api/sessions"))
        .json(&json!({ "email": "teacher@example.org", "password": "correct horse battery" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(relogin.status(), StatusCode::UNAUTHORIZED);
    // The email is free again.
    sign_up(&server, "teacher@example.org", "learner").await;
    server.stop().await;
}

#[tokio::test]
async fn bad_emails_and_weak_passwords_are_refused() {
    let server = TestServer::start().await;
    for (email, password, code) in [
        ("not-an-email", "long enough password", "invalid_email"),
        ("a@b", "long enough password", "invalid_email"),
        ("ann@example.org", "short", "weak_password"),
        ("ann@example.org", &"x".repeat(300), "weak_password"),
    ] {
        let response = server
            .client
            .post(server.url("/api/accounts"))
            .json(&json!({ "email": email, "password": password, "audience": "learner" }))
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{email}");
        assert_eq!(error_code(response).await, code, "{email}");
    }
    server.stop().await;
}

#[tokio::test]
async fn sign_in_is_limited_per_account() {
    let server = TestServer::start().await;
    sign_up(&server, "learner@example.org", "learner").await;
    let attempt = |password: &'static str| {
        server
            .client
            .post(server.url("/api/sessions"))
            .json(&json!({ "email": "learner@example.org", "password": password }))
            .send()
    };
    for _ in 0..5 {
        let refused = attempt("wrong password!").await.expect("an answer");
        assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    }
    // Even the right password waits now.
    let limited = attempt("correct horse battery").await.expect("an answer");
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(error_code(limited).await, "rate_limited");
    server.stop().await;
}

#[tokio::test]
async fn accounts_survive_a_restart() {
    let server = TestServer::start().await;
    let session = sign_up(&server, "kept@example.org", "teacher").await;
    let data = server.stop().await;
    let server = TestServer::start_in(data).await;
    let me =
        server.client.get(server.url("/api/accounts/me")).bearer_auth(&session.token).send().await.expect("an answer");
    assert_eq!(me.status(), StatusCode::OK, "the session is kept in the database");
    server.stop().await;
}
