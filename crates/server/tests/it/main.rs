//! The server over real HTTP against a real SQLite file: every endpoint's
//! success and failure, the route table against what is served, hostile
//! inputs, the sign-in limits, and the app's files with their headers.

mod accounts;
mod groups;
mod hostile;
mod routes;
mod sync;

use std::net::SocketAddr;
use std::path::PathBuf;

use server::{App, Config};
use tokio::sync::oneshot;

/// A server on a free loopback port over a fresh data directory and a small `dist/`, and a fresh
/// database: a SQLite file in the data directory, or when `TEST_DATABASE_URL` names a PostgreSQL
/// server, a database of its own created there (tests run side by side and sign up the same
/// emails).
pub struct TestServer {
    pub address: SocketAddr,
    pub client: reqwest::Client,
    pub data: Stopped,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

/// What a stopped server leaves: its data directory and its database.
pub struct Stopped {
    pub dir: tempfile::TempDir,
    database_url: Option<String>,
}

impl TestServer {
    pub async fn start() -> TestServer {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database_url = match std::env::var("TEST_DATABASE_URL") {
            Ok(url) => Some(fresh_database(&url).await),
            Err(_) => None,
        };
        TestServer::start_in(Stopped { dir, database_url }).await
    }

    /// A server over what `data` kept (a restart keeps what was written).
    pub async fn start_in(data: Stopped) -> TestServer {
        let dist = data.dir.path().join("dist");
        std::fs::create_dir_all(&dist).expect("dist is created");
        std::fs::write(dist.join("index.html"), "<!doctype html><title>Bridge Training</title>").expect("written");
        std::fs::write(dist.join("app-0123456789abcdef_bg.wasm"), b"\0asm").expect("written");
        std::fs::write(dist.join("sw.js"), "self.addEventListener('fetch', () => {});").expect("written");
        let config = Config {
            address: "127.0.0.1".to_owned(),
            port: 0,
            data_dir: data.dir.path().join("db"),
            dist: PathBuf::from(&dist),
            database_url: data.database_url.clone(),
        };
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await.expect("a free port");
        let address = listener.local_addr().expect("an address");
        let app = App::start(&config).await.expect("the server starts");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server::serve(listener, app, async {
                let _ = stopped.await;
            })
            .await
            .expect("the server runs");
        });
        TestServer { address, client: reqwest::Client::new(), data, stop: Some(stop), task: Some(task) }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Stops the server and gives back its data directory and database.
    pub async fn stop(mut self) -> Stopped {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
        let empty = Stopped { dir: tempfile::tempdir().expect("a temporary directory"), database_url: None };
        std::mem::replace(&mut self.data, empty)
    }
}

/// A new, empty database on the PostgreSQL server of `url`; its URL.
async fn fresh_database(url: &str) -> String {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.expect("TEST_DATABASE_URL answers");
    let name = format!("bridge_test_{}", uuid_like());
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&pool).await.expect("a test database is created");
    pool.close().await;
    let base = url.split('?').next().unwrap_or(url);
    let (server, _) = base.rsplit_once('/').expect("TEST_DATABASE_URL ends with a database name");
    format!("{server}/{name}")
}

/// 16 hex digits from the clock and a counter: distinct across the tests of a run.
fn uuid_like() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{:x}{:04x}", nanos as u64 & 0xFFFF_FFFF_FFFF, NEXT.fetch_add(1, Ordering::Relaxed) & 0xFFFF)
}

/// The error code of an error answer.
pub async fn error_code(response: reqwest::Response) -> String {
    let body: serde_json::Value = response.json().await.expect("an error answer is JSON");
    body["code"].as_str().expect("an error answer has a code").to_owned()
}
