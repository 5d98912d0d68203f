//! Error answers: an `ErrorCode`'s status with its `ErrorBody`, and the JSON
//! body extractor that turns any bad body into one.

use api_contract::{ErrorBody, ErrorCode};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// An error answer. Internal failures are logged with their detail (never a
/// request body, so never a password) and answered without it.
#[derive(Debug)]
pub struct ApiError(pub ErrorCode);

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> ApiError {
        ApiError(code)
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> ApiError {
        eprintln!("database error: {error}");
        ApiError(ErrorCode::Internal)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.0.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, axum::Json(ErrorBody::new(self.0))).into_response()
    }
}

/// A JSON request body: too large is `payload_too_large`, anything else that
/// is not exactly the type (bad JSON, wrong types, unknown fields) is
/// `malformed_body`.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<ApiJson<T>, ApiError> {
        let bytes = Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError(ErrorCode::PayloadTooLarge)
            } else {
                ApiError(ErrorCode::MalformedBody)
            }
        })?;
        serde_json::from_slice(&bytes).map(ApiJson).map_err(|_| ApiError(ErrorCode::MalformedBody))
    }
}
