//! The app's client of the server's API (`api-contract`): the same types as the
//! server, over the browser's `fetch`, on the page's own origin.
//!
//! Every call answers a typed body or an [`ApiFailure`]: the network is down
//! (or the server unreachable), the server refused with one of the contract's
//! error codes, or it answered something this build does not understand.

use api_contract::{
    DeleteAccount, Endpoint, ErrorBody, ErrorCode, Group, GroupBody, Groups, PublicCollection, Pulled, Push, Pushed,
    Session, SharedCollections, SignIn, SignUp,
};
use gloo_net::http::{Request, RequestBuilder, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a call did not answer what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiFailure {
    /// No answer: the device is offline or the server cannot be reached.
    #[error("the server cannot be reached")]
    Offline,
    /// The server refused, with one of the contract's codes.
    #[error("{0}")]
    Refused(ErrorCode),
    /// An answer this build does not understand (a newer or broken server).
    #[error("unexpected answer from the server: {0}")]
    Unexpected(String),
}

impl ApiFailure {
    /// The key of the message shown to the user, in the strings files.
    #[must_use]
    pub fn message_key(&self) -> &'static str {
        match self {
            ApiFailure::Offline => "sync-offline",
            ApiFailure::Refused(code) => match code {
                ErrorCode::InvalidEmail => "account-invalid-email",
                ErrorCode::WeakPassword => "account-weak-password",
                ErrorCode::EmailTaken => "account-email-taken",
                ErrorCode::InvalidCredentials => "account-invalid-credentials",
                ErrorCode::RateLimited => "account-rate-limited",
                ErrorCode::Unauthorized => "account-signed-out",
                ErrorCode::NotFound => "open-code-not-found",
                _ => "api-failed",
            },
            ApiFailure::Unexpected(_) => "api-failed",
        }
    }
}

/// Which of one's own records a sync call is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Board,
    Collection,
}

impl Kind {
    const fn push(self) -> Endpoint {
        match self {
            Kind::Board => Endpoint::PushBoards,
            Kind::Collection => Endpoint::PushCollections,
        }
    }

    const fn pull(self) -> Endpoint {
        match self {
            Kind::Board => Endpoint::PullBoards,
            Kind::Collection => Endpoint::PullCollections,
        }
    }
}

pub async fn sign_up(body: &SignUp) -> Result<Session, ApiFailure> {
    send(with_body(Endpoint::SignUp, "", None, body)?).await
}

pub async fn sign_in(body: &SignIn) -> Result<Session, ApiFailure> {
    send(with_body(Endpoint::SignIn, "", None, body)?).await
}

pub async fn sign_out(token: &str) -> Result<(), ApiFailure> {
    send_empty(builder(Endpoint::SignOut, "", Some(token)).build().map_err(unexpected)?).await
}

pub async fn delete_account(token: &str, body: &DeleteAccount) -> Result<(), ApiFailure> {
    send_empty(with_body(Endpoint::DeleteAccount, "", Some(token), body)?).await
}

/// Pushes changes of one's own records of `kind`.
pub async fn push(token: &str, kind: Kind, body: &Push) -> Result<Pushed, ApiFailure> {
    send(with_body(kind.push(), "", Some(token), body)?).await
}

/// One's own records of `kind` changed since `since`.
pub async fn pull(token: &str, kind: Kind, since: i64) -> Result<Pulled, ApiFailure> {
    let request = builder(kind.pull(), "", Some(token)).query([("since", since.to_string())]);
    send(request.build().map_err(unexpected)?).await
}

/// A public collection by its code.
pub async fn public_collection(code: &str) -> Result<PublicCollection, ApiFailure> {
    let code: String = js_sys::encode_uri_component(code).into();
    send(builder(Endpoint::PublicCollection, &code, None).build().map_err(unexpected)?).await
}

/// One's groups.
pub async fn groups(token: &str) -> Result<Groups, ApiFailure> {
    send(builder(Endpoint::Groups, "", Some(token)).build().map_err(unexpected)?).await
}

pub async fn create_group(token: &str, body: &GroupBody) -> Result<Group, ApiFailure> {
    send(with_body(Endpoint::CreateGroup, "", Some(token), body)?).await
}

pub async fn update_group(token: &str, id: &str, body: &GroupBody) -> Result<Group, ApiFailure> {
    let id: String = js_sys::encode_uri_component(id).into();
    send(with_body(Endpoint::UpdateGroup, &id, Some(token), body)?).await
}

pub async fn delete_group(token: &str, id: &str) -> Result<(), ApiFailure> {
    let id: String = js_sys::encode_uri_component(id).into();
    send_empty(builder(Endpoint::DeleteGroup, &id, Some(token)).build().map_err(unexpected)?).await
}

/// What is shared with the account through its groups.
pub async fn shared(token: &str) -> Result<SharedCollections, ApiFailure> {
    send(builder(Endpoint::SharedCollections, "", Some(token)).build().map_err(unexpected)?).await
}

/// A request to `endpoint`, its path parameter (if any) replaced by `parameter`.
fn builder(endpoint: Endpoint, parameter: &str, token: Option<&str>) -> RequestBuilder {
    let route = endpoint.route();
    let path = match route.path.split_once('{') {
        Some((head, rest)) => format!("{head}{parameter}{}", rest.split_once('}').map_or("", |(_, tail)| tail)),
        None => route.path.to_owned(),
    };
    let request = match route.method {
        api_contract::Method::Get => Request::get(&path),
        api_contract::Method::Post => Request::post(&path),
        api_contract::Method::Delete => Request::delete(&path),
    };
    match token {
        Some(token) => request.header(api_contract::AUTHORIZATION, &format!("Bearer {token}")),
        None => request,
    }
}

fn with_body(
    endpoint: Endpoint,
    parameter: &str,
    token: Option<&str>,
    body: &impl Serialize,
) -> Result<Request, ApiFailure> {
    builder(endpoint, parameter, token).json(body).map_err(unexpected)
}

fn unexpected(error: impl std::fmt::Display) -> ApiFailure {
    ApiFailure::Unexpected(error.to_string())
}

async fn answer(request: Request) -> Result<Response, ApiFailure> {
    // A fetch that fails outright (no network, connection refused, CORS) is "offline".
    let response = request.send().await.map_err(|_| ApiFailure::Offline)?;
    if response.ok() {
        return Ok(response);
    }
    // A proxy or an offline service worker may answer without the contract's body.
    match response.json::<ErrorBody>().await {
        Ok(body) => Err(ApiFailure::Refused(body.code)),
        Err(_) if matches!(response.status(), 502..=504) => Err(ApiFailure::Offline),
        Err(_) => Err(ApiFailure::Unexpected(format!("status {}", response.status()))),
    }
}

async fn send<T: DeserializeOwned>(request: Request) -> Result<T, ApiFailure> {
    answer(request).await?.json::<T>().await.map_err(unexpected)
}

async fn send_empty(request: Request) -> Result<(), ApiFailure> {
    answer(request).await.map(|_| ())
}
