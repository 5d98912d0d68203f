//! Accounts and sessions: sign up, sign in, sign out, the signed-in account,
//! delete the account; and the health check.
//!
//! Passwords are hashed with argon2id (off the async threads) and never logged.
//! A session token is 32 random bytes, given once to the client and stored
//! only as its SHA-256; a request's token is looked up by that hash and the
//! hashes compared in constant time. An unknown email costs a password
//! verification too, so the answer time does not tell which emails exist.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use api_contract::{
    normalise_email, password_acceptable, Account, Audience, DeleteAccount, ErrorCode, Health, Session, SignIn, SignUp,
};
use argon2::password_hash::rand_core::OsRng as HashRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::{ApiError, ApiJson};
use crate::App;

/// How long a session lasts: 30 days.
pub const SESSION_MILLIS: i64 = 30 * 24 * 60 * 60 * 1000;

pub async fn health(State(app): State<App>) -> Result<Json<Health>, ApiError> {
    sqlx::query("SELECT 1").execute(&app.db).await?;
    Ok(Json(Health { status: "ok".to_owned(), version: env!("CARGO_PKG_VERSION").to_owned() }))
}

pub async fn sign_up(
    State(app): State<App>,
    ApiJson(body): ApiJson<SignUp>,
) -> Result<(StatusCode, Json<Session>), ApiError> {
    let email = normalise_email(&body.email).ok_or(ErrorCode::InvalidEmail)?;
    if !password_acceptable(&body.password) {
        return Err(ErrorCode::WeakPassword.into());
    }
    let password_hash = hash_password(body.password).await?;
    let account = Account { id: random_hex(16), email, audience: body.audience, created_at: now_millis() };
    let inserted = sqlx::query(
        "INSERT INTO accounts (id, email, password_hash, audience, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&account.id)
    .bind(&account.email)
    .bind(&password_hash)
    .bind(account.audience.as_str())
    .bind(account.created_at)
    .execute(&app.db)
    .await;
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => return Err(ErrorCode::EmailTaken.into()),
        Err(error) => return Err(error.into()),
    }
    let session = open_session(&app, account).await?;
    Ok((StatusCode::CREATED, Json(session)))
}

pub async fn sign_in(
    State(app): State<App>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    ApiJson(body): ApiJson<SignIn>,
) -> Result<Json<Session>, ApiError> {
    let email = normalise_email(&body.email).unwrap_or_default();
    if !app.limits.allow(&email, address.ip()) {
        return Err(ErrorCode::RateLimited.into());
    }
    let row: Option<(String, String, String, String, i64)> =
        sqlx::query_as("SELECT id, email, password_hash, audience, created_at FROM accounts WHERE email = $1")
            .bind(&email)
            .fetch_optional(&app.db)
            .await?;
    let Some((id, email, password_hash, audience, created_at)) = row else {
        // The same work as a real check, so the time does not reveal the email is unknown.
        let _ = verify_password(body.password, dummy_hash().to_owned()).await;
        return Err(ErrorCode::InvalidCredentials.into());
    };
    if !verify_password(body.password, password_hash).await? {
        return Err(ErrorCode::InvalidCredentials.into());
    }
    let audience = Audience::from_str_opt(&audience).ok_or(ErrorCode::Internal)?;
    let session = open_session(&app, Account { id, email, audience, created_at }).await?;
    Ok(Json(session))
}

pub async fn sign_out(State(app): State<App>, signed_in: SignedIn) -> Result<StatusCode, ApiError> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(&signed_in.token_hash).execute(&app.db).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn account(signed_in: SignedIn) -> Json<Account> {
    Json(signed_in.account)
}

pub async fn delete_account(
    State(app): State<App>,
    signed_in: SignedIn,
    ApiJson(body): ApiJson<DeleteAccount>,
) -> Result<StatusCode, ApiError> {
    let (password_hash,): (String,) = sqlx::query_as("SELECT password_hash FROM accounts WHERE id = $1")
        .bind(&signed_in.account.id)
        .fetch_one(&app.db)
        .await?;
    if !verify_password(body.password, password_hash).await? {
        return Err(ErrorCode::InvalidCredentials.into());
    }
    let mut tx = app.db.begin().await?;
    sqlx::query("DELETE FROM sessions WHERE account_id = $1").bind(&signed_in.account.id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM accounts WHERE id = $1").bind(&signed_in.account.id).execute(&mut *tx).await?;
    // The account's copy of its boards and collections, its groups and what it shared with them.
    for statement in [
        "DELETE FROM shares WHERE group_id IN (SELECT id FROM sharing_groups WHERE owner_id = $1)",
        "DELETE FROM sharing_members WHERE group_id IN (SELECT id FROM sharing_groups WHERE owner_id = $1)",
        "DELETE FROM sharing_groups WHERE owner_id = $1",
        "DELETE FROM shares WHERE item_id IN (SELECT id FROM boards WHERE owner_id = $1) AND kind = 'board'",
        "DELETE FROM shares WHERE item_id IN (SELECT id FROM collections WHERE owner_id = $1) AND kind = 'collection'",
        "DELETE FROM boards WHERE owner_id = $1",
        "DELETE FROM collections WHERE owner_id = $1",
    ] {
        sqlx::query(statement).bind(&signed_in.account.id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    app.public.clear();
    Ok(StatusCode::NO_CONTENT)
}

/// The account of a request's valid session token.
pub struct SignedIn {
    pub account: Account,
    pub token_hash: String,
}

impl FromRequestParts<App> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<SignedIn, ApiError> {
        let unauthorized = || ApiError(ErrorCode::Unauthorized);
        let header = parts.headers.get(api_contract::AUTHORIZATION).ok_or_else(unauthorized)?;
        let token = header.to_str().ok().and_then(|value| value.strip_prefix("Bearer ")).ok_or_else(unauthorized)?;
        if token.len() != 64 {
            return Err(unauthorized());
        }
        let token_hash = sha256_hex(token);
        let row: Option<(String, i64, String, String, String, i64)> = sqlx::query_as(
            "SELECT s.token_hash, s.expires_at, a.id, a.email, a.audience, a.created_at \
             FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1",
        )
        .bind(&token_hash)
        .fetch_optional(&app.db)
        .await?;
        let (stored, expires_at, id, email, audience, created_at) = row.ok_or_else(unauthorized)?;
        if !bool::from(stored.as_bytes().ct_eq(token_hash.as_bytes())) || expires_at <= now_millis() {
            return Err(unauthorized());
        }
        let audience = Audience::from_str_opt(&audience).ok_or(ErrorCode::Internal)?;
        Ok(SignedIn { account: Account { id, email, audience, created_at }, token_hash })
    }
}

/// Opens a session for `account`: the token goes to the client, its hash to the database.
async fn open_session(app: &App, account: Account) -> Result<Session, ApiError> {
    let token = random_hex(32);
    let now = now_millis();
    let expires_at = now + SESSION_MILLIS;
    sqlx::query("INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(sha256_hex(&token))
        .bind(&account.id)
        .bind(now)
        .bind(expires_at)
        .execute(&app.db)
        .await?;
    Ok(Session { token, expires_at, account })
}

async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut HashRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string())
    })
    .await
    .ok()
    .and_then(Result::ok)
    .ok_or(ApiError(ErrorCode::Internal))
}

async fn verify_password(password: String, hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash).ok()?;
        Some(Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .ok()
    .flatten()
    .ok_or(ApiError(ErrorCode::Internal))
}

/// A hash of a random password, for the checks of unknown emails.
fn dummy_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let salt = SaltString::generate(&mut HashRng);
        Argon2::default()
            .hash_password(random_hex(16).as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .unwrap_or_default()
    })
}

pub(crate) fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut buffer);
    hex(&buffer)
}

fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

pub fn now_millis() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
}
