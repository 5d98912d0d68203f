//! The thin server: the built app and the API of `api-contract` on one port.
//!
//! The router is built from `api_contract::ROUTES` through an exhaustive match
//! on `Endpoint` ([`handler`]): an endpoint cannot be in the table without a
//! handler, nor served without being in the table. Storage is `sqlx`'s `Any`
//! driver over SQLite (a file in the data directory, created on first start)
//! or PostgreSQL when `DATABASE_URL` names one, with the same migrations.

mod accounts;
mod assets;
mod cache;
mod db;
mod error;
mod groups;
mod limits;
mod sync;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use api_contract::{Endpoint, ErrorCode, ROUTES};
use axum::extract::{DefaultBodyLimit, Request};
use axum::response::IntoResponse;
use axum::routing::{self, MethodRouter};
use axum::Router;
use clap::Parser;
use tower::ServiceExt;

pub use error::ApiError;

/// The server's settings, from flags or the environment.
#[derive(Clone, Debug, Parser)]
#[command(name = "server", about = "Bridge Training: the app and its API on one port")]
pub struct Config {
    /// The address to listen on.
    #[arg(long, env = "BRIDGE_ADDRESS", default_value = "127.0.0.1")]
    pub address: String,
    /// The port to listen on (0 picks a free one).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Where the SQLite database lives (created on first start).
    #[arg(long, env = "BRIDGE_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// The built app to serve (trunk's `dist/`).
    #[arg(long, env = "BRIDGE_DIST", default_value = "./dist")]
    pub dist: PathBuf,
    /// A PostgreSQL URL (`postgres://...`); SQLite in the data directory when absent.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
}

/// What the handlers share.
#[derive(Clone)]
pub struct App {
    pub(crate) db: sqlx::AnyPool,
    pub(crate) limits: Arc<limits::SignInLimits>,
    pub(crate) dist: PathBuf,
    pub(crate) public: Arc<cache::PublicCache>,
}

impl App {
    /// Opens (and migrates) the database.
    ///
    /// # Errors
    /// When the data directory cannot be created or the database cannot be opened or migrated.
    pub async fn start(config: &Config) -> anyhow::Result<App> {
        let db = db::connect(config).await?;
        Ok(App { db, limits: Arc::default(), dist: config.dist.clone(), public: Arc::default() })
    }

    /// The whole service: the API from the route table, then the app's files.
    pub fn router(self) -> Router {
        let mut api = Router::new();
        for route in ROUTES {
            api = api.route(route.path, handler(route.endpoint));
        }
        let api = api
            .fallback(|| async { ApiError::from(ErrorCode::NoSuchEndpoint) })
            .method_not_allowed_fallback(|| async { ApiError::from(ErrorCode::MethodNotAllowed) })
            .layer(DefaultBodyLimit::max(api_contract::MAX_BODY_BYTES));
        let files = assets::service(&self.dist);
        // Unknown API paths answer in JSON; every other path is a file of the app.
        let fallback = move |request: Request| {
            let files = files.clone();
            async move {
                let path = request.uri().path();
                if path == "/api" || path.starts_with("/api/") {
                    return ApiError::from(ErrorCode::NoSuchEndpoint).into_response();
                }
                match files.oneshot(request).await {
                    Ok(response) => response.into_response(),
                    Err(never) => match never {},
                }
            }
        };
        Router::new().merge(api).with_state(self).fallback(fallback).layer(assets::headers())
    }
}

/// Whether `text` (an id, a code, a name from a request) can be stored and looked up: SQLite
/// takes any text, PostgreSQL refuses a NUL character, and the longest key is 128 characters.
/// Text that cannot is answered like text that matches nothing.
pub(crate) fn storable(text: &str, max_chars: usize) -> bool {
    !text.contains('\0') && text.chars().count() <= max_chars
}

/// The longest id or code a request may name.
pub(crate) const MAX_KEY_CHARS: usize = 128;

/// The handler of `endpoint`; every endpoint has exactly one. (The route
/// test calls each route with the table's method, so a handler registered
/// under another method fails it.)
fn handler(endpoint: Endpoint) -> MethodRouter<App> {
    match endpoint {
        Endpoint::Health => routing::get(accounts::health),
        Endpoint::OpenApi => routing::get(|| async { axum::Json(api_contract::openapi()) }),
        Endpoint::SignUp => routing::post(accounts::sign_up),
        Endpoint::SignIn => routing::post(accounts::sign_in),
        Endpoint::SignOut => routing::delete(accounts::sign_out),
        Endpoint::Account => routing::get(accounts::account),
        Endpoint::DeleteAccount => routing::delete(accounts::delete_account),
        Endpoint::PushBoards => {
            routing::post(sync::push_boards).layer(DefaultBodyLimit::max(api_contract::MAX_PUSH_BYTES))
        }
        Endpoint::PullBoards => routing::get(sync::pull_boards),
        Endpoint::PushCollections => {
            routing::post(sync::push_collections).layer(DefaultBodyLimit::max(api_contract::MAX_PUSH_BYTES))
        }
        Endpoint::PullCollections => routing::get(sync::pull_collections),
        Endpoint::PublicBoard => routing::get(sync::public_board),
        Endpoint::PublicCollection => routing::get(sync::public_collection),
        Endpoint::Groups => routing::get(groups::list),
        Endpoint::CreateGroup => routing::post(groups::create),
        Endpoint::UpdateGroup => routing::post(groups::update),
        Endpoint::DeleteGroup => routing::delete(groups::delete),
        Endpoint::SharedCollections => routing::get(groups::shared),
    }
}

/// Serves `app` on `listener` until `shutdown` resolves.
///
/// # Errors
/// When the listener fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: App,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let service = app.router().into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service).with_graceful_shutdown(shutdown).await?;
    Ok(())
}
